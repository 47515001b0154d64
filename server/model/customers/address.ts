import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** An ISO 3166-1 alpha-2 country code (upper-cased), or `''` for none. */
const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'must be a two-letter ISO 3166-1 country code');

const addressFields = {
  first_name: text(100),
  last_name: text(100),
  company: text(200),
  address_1: text(255),
  address_2: text(255),
  city: text(128),
  state: text(64),
  postcode: text(32),
  country,
  phone: text(64),
};

/** A shipping address as WooCommerce writes it (billing without the email). Every field may be left out of a write. */
export const shippingAddressInput = z.object(addressFields).partial();
export const billingAddressInput = z.object({ ...addressFields, email: z.union([z.literal(''), z.email('must be a valid email address')]) }).partial();

export type BillingAddressInput = z.output<typeof billingAddressInput>;
export type ShippingAddressInput = z.output<typeof shippingAddressInput>;

const EMPTY_SHIPPING = { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', phone: '' };
const EMPTY_BILLING = { ...EMPTY_SHIPPING, email: '' };

export type ShippingAddress = typeof EMPTY_SHIPPING;
export type BillingAddress = typeof EMPTY_BILLING;

function stringFields<T extends Record<string, string>>(empty: T, value: unknown): T {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const result: Record<string, string> = { ...empty };
  for (const key of Object.keys(empty)) {
    const field = source[key];
    if (typeof field === 'string') result[key] = field;
  }
  return result as T;
}

/** A stored billing address with every WooCommerce field present (`''` when unset). */
export function completeBilling(value: unknown): BillingAddress {
  return stringFields(EMPTY_BILLING, value);
}

export function completeShipping(value: unknown): ShippingAddress {
  return stringFields(EMPTY_SHIPPING, value);
}
