import type { DoubleCustomer, DoubleShop } from './woocommerce-double-shop.js';
import { WooError } from './woocommerce-double-shop.js';

type Body = Record<string, unknown>;

/** A customer as `PUT customers/{id}` leaves it: with the shipping address the create does not model. */
export type EditedCustomer = DoubleCustomer & { shipping?: Record<string, string> };

const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'postcode', 'country', 'state', 'phone'];

/** §17.2: the fields given change, one by one; those not given stay as they were. */
function merged(current: Record<string, string> | undefined, given: unknown, withEmail: boolean): Record<string, string> {
  const base = Object.fromEntries([...ADDRESS_FIELDS, ...(withEmail ? ['email'] : [])].map((field) => [field, current?.[field] ?? '']));
  if (typeof given !== 'object' || given === null) return base;
  for (const [field, value] of Object.entries(given as Body)) if (field in base && typeof value === 'string') base[field] = value;
  return base;
}

/**
 * §17.2: `PUT customers/{id}` as WooCommerce 10.0.2 answered it: an unknown id is 404
 * `wc_user_invalid_id`; an e-mail another account has, or its own in other capitals, is refused
 * (400 `woocommerce_rest_customer_invalid_email`); an empty billing e-mail is refused (400
 * `rest_invalid_param`); names and the address fields given are written; `_` meta is dropped (§6),
 * other meta kept; `date_modified_gmt` moves.
 */
export function updateCustomer(shop: DoubleShop, id: number, body: Body): EditedCustomer {
  const customer: EditedCustomer | undefined = shop.customers.get(id);
  if (customer === undefined) throw new WooError(404, 'wc_user_invalid_id', 'Invalid user ID.');
  if (typeof body.email === 'string' && body.email !== customer.email) {
    const email = body.email.toLowerCase();
    if ([...shop.customers.values()].some((other) => other.email.toLowerCase() === email))
      throw new WooError(400, 'woocommerce_rest_customer_invalid_email', 'Email address is invalid.');
    customer.email = body.email;
  }
  const billing = body.billing as Body | undefined;
  if (billing !== undefined && billing.email === '')
    throw new WooError(400, 'rest_invalid_param', 'Invalid parameter(s): billing', { params: { billing: 'email' } });
  if (typeof body.first_name === 'string') customer.first_name = body.first_name;
  if (typeof body.last_name === 'string') customer.last_name = body.last_name;
  if (billing !== undefined) customer.billing = merged(customer.billing, billing, true);
  if (body.shipping !== undefined) customer.shipping = merged(customer.shipping, body.shipping, false);
  for (const entry of Array.isArray(body.meta_data) ? (body.meta_data as Array<{ key?: unknown; value?: unknown }>) : []) {
    if (typeof entry.key !== 'string' || entry.key.startsWith('_')) continue;
    const existing = customer.meta_data.find((meta) => meta.key === entry.key);
    if (existing) existing.value = entry.value;
    else customer.meta_data.push({ id: customer.meta_data.reduce((max, meta) => Math.max(max, meta.id), 0) + 1000, key: entry.key, value: entry.value });
  }
  customer.date_modified_gmt = shop.now();
  return customer;
}
