import { servicesOf } from '../helpers/services.js';
import { expect } from 'vitest';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { setStore } from '../helpers/shop-data.js';
import type { OrderAmounts } from './order-amounts.js';
import type { ReferenceAnswer, ReferenceCart, ReferenceRate, ReferenceSettings } from './reference-totals.js';

/**
 * Tax set-ups and carts for the totals suites: a real server per set-up, its rates written to its
 * database, each cart's products and coupons made for it, the order created over HTTP, and the
 * answer read in the same shape as the reference's.
 */

export interface RateSpec {
  country: string;
  state?: string;
  postcodes?: string[];
  cities?: string[];
  rate: string;
  name: string;
  priority: number;
  compound?: boolean;
  shipping?: boolean;
  /** `''` = standard. */
  class: '' | 'reduced-rate' | 'zero-rate';
}

export interface TaxSetup {
  name: string;
  /** Store fields beyond the shop's address (calc_taxes is on). */
  store: Record<string, unknown>;
  rates: RateSpec[];
  /** The order's billing address (taxed there when the store's `tax_based_on` is billing). */
  billing?: { country: string; state: string; postcode: string; city: string };
  /** The rates (indexes into `rates`) that apply at the order's location per class, in priority order, worked out by hand from §6.3. */
  matched: Partial<Record<RateSpec['class'], number[]>>;
  /** The same at the store's address, for prices entered including tax (§6.5); `matched` when absent. */
  base?: Partial<Record<RateSpec['class'], number[]>>;
}

export const CLASS_ORDER = ['', 'reduced-rate', 'zero-rate'] as const;

export interface Harness {
  server: TestServer;
  token: string;
  setup: TaxSetup;
  settings: ReferenceSettings;
  close(): Promise<void>;
}

const SHOP = {
  store_address: '1 Main Street',
  store_city: 'Springfield',
  store_postcode: '90210',
  store_state: 'CA',
  store_country: 'US',
  currency: 'USD',
  calc_taxes: true,
};

/** A rate's fields, absent ones filled as a new rate has them (its class named by each side's own way). */
export function rateFields(spec: RateSpec) {
  return {
    country: spec.country,
    state: spec.state ?? '',
    postcodes: spec.postcodes ?? [],
    cities: spec.cities ?? [],
    rate: spec.rate,
    name: spec.name,
    priority: spec.priority,
    compound: spec.compound ?? false,
    shipping: spec.shipping ?? true,
  };
}

/** A server selling under `setup`: the store's tax settings, its rates, and the reference's view of them. */
export async function openSetup(setup: TaxSetup): Promise<Harness> {
  const server = await startTestServer();
  setStore(server, { ...SHOP, ...setup.store });
  const ids = withDb(server, (db) => {
    const rates = servicesOf(db).repositories.taxRates;
    return setup.rates.map((spec) => rates.create({ ...rateFields(spec), class: spec.class }).id);
  });
  const byClass = (chosen: TaxSetup['matched']) =>
    new Map<string, ReferenceRate[]>(
      CLASS_ORDER.map((taxClass) => [
        taxClass,
        (chosen[taxClass] ?? []).map((index) => {
          const spec = setup.rates[index] as RateSpec;
          return { id: ids[index] as number, rate: spec.rate, compound: spec.compound ?? false, shipping: spec.shipping ?? true };
        }),
      ]),
    );
  const store: Record<string, unknown> = { ...SHOP, ...setup.store };
  const settings: ReferenceSettings = {
    dp: 2,
    pricesIncludeTax: store.prices_include_tax === true,
    roundAtSubtotal: store.tax_round_at_subtotal === true,
    sequential: store.calc_discounts_sequentially === true,
    shippingTaxClass: typeof store.shipping_tax_class === 'string' ? (store.shipping_tax_class === 'standard' ? '' : store.shipping_tax_class) : 'inherit',
    classOrder: CLASS_ORDER,
    rates: byClass(setup.matched),
    baseRates: byClass(setup.base ?? setup.matched),
  };
  const token = (await login(server, 'administrator')).access_token;
  return { server, token, setup, settings, close: () => server.close() };
}

let serial = 0;

/** Makes the cart's products and coupons, then `POST /orders` for it. */
export async function sellCart(harness: Harness, cart: ReferenceCart) {
  const tag = `${Date.now().toString(36)}-${++serial}`;
  const productIds = withDb(harness.server, (db) => {
    const products = servicesOf(db).repositories.products;
    const coupons = servicesOf(db).repositories.coupons;
    const ids = cart.lines.map(
      (line, index) =>
        products.create({
          type: 'simple',
          name: `Item ${tag}-${index}`,
          sku: `P-${tag}-${index}`,
          regular_price: line.unitPrice,
          tax_status: line.taxable ? 'taxable' : 'none',
          tax_class: line.taxClass,
        }).id,
    );
    for (const coupon of cart.coupons) {
      const restricted = coupon.eligible.every(Boolean) ? [] : ids.filter((_, index) => coupon.eligible[index] === true);
      coupons.create({
        code: `${coupon.code}-${tag}`,
        amount: coupon.amount,
        discount_type: coupon.type,
        limit_usage_to_x_items: coupon.limit,
        product_ids: restricted,
      });
    }
    return ids;
  });
  return api(harness.server, 'POST', '/orders', {
    token: harness.token,
    body: {
      ...(harness.setup.billing === undefined ? {} : { billing: harness.setup.billing }),
      line_items: cart.lines.map((line, index) => ({ product_id: productIds[index], quantity: line.quantity })),
      coupon_lines: cart.coupons.map((coupon) => ({ code: `${coupon.code}-${tag}` })),
      fee_lines: cart.fees.map((fee, index) => ({
        name: `Fee ${index}`,
        total: fee.total,
        tax_status: fee.taxable ? 'taxable' : 'none',
        tax_class: fee.taxClass,
      })),
      shipping_lines: cart.shipping.map((total) => ({ method_id: 'flat_rate', method_title: 'Flat rate', total })),
    },
  });
}

type OrderBody = OrderAmounts;

/** The server's answer in the reference's shape (coupon codes without the cart's tag). */
export function answerOf(order: OrderBody): ReferenceAnswer {
  const taxLines: ReferenceAnswer['taxLines'] = {};
  for (const line of order.tax_lines) taxLines[line.rate_id] = { tax_total: line.tax_total, shipping_tax_total: line.shipping_tax_total };
  return {
    lines: order.line_items.map(({ subtotal, total, subtotal_tax, total_tax }) => ({ subtotal, total, subtotal_tax, total_tax })),
    fees: order.fee_lines.map(({ total, total_tax }) => ({ total, total_tax })),
    shipping: order.shipping_lines.map(({ total, total_tax }) => ({ total, total_tax })),
    coupons: order.coupon_lines.map(({ code, discount, discount_tax }) => ({ code: code.replace(/-[a-z0-9]+-\d+$/, ''), discount, discount_tax })),
    taxLines,
    order: {
      discount_total: order.discount_total,
      discount_tax: order.discount_tax,
      shipping_total: order.shipping_total,
      shipping_tax: order.shipping_tax,
      cart_tax: order.cart_tax,
      total_tax: order.total_tax,
      total: order.total,
    },
  };
}

/** A tax line of zero and no tax line say the same: the reference lists every rate it touched. */
function withoutZeroTaxLines({ halfCents: _halfCents, ...answer }: ReferenceAnswer): ReferenceAnswer {
  const zero = (value: string) => Number(value) === 0;
  return {
    ...answer,
    taxLines: Object.fromEntries(Object.entries(answer.taxLines).filter(([, line]) => !(zero(line.tax_total) && zero(line.shipping_tax_total)))),
  };
}

/** Sells the cart and checks the answer against `expected` (the reference's, or WooCommerce's figures). */
export async function expectCart(harness: Harness, cart: ReferenceCart, expected: ReferenceAnswer, label: string): Promise<void> {
  const response = await sellCart(harness, cart);
  const context = `${harness.setup.name}: ${label}\n${JSON.stringify(cart)}`;
  if (expected.refusedFee !== undefined) {
    expect(response.status, context).toBe(400);
    expect(Object.keys(response.body.data?.params ?? {}), context).toContain(`fee_lines[${expected.refusedFee}].total`);
    return;
  }
  expect(response.status, `${context}\n${JSON.stringify(response.body)}`).toBe(201);
  expect(withoutZeroTaxLines(answerOf(response.body as OrderBody)), context).toEqual(withoutZeroTaxLines(expected));
}
