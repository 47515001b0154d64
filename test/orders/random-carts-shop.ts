import { WooCommerceClient, type WooCommerceOutcome } from '../../server/sync/shop/client.js';
import type { OrderAmounts } from './order-amounts.js';
import type { ReferenceCart, ReferenceLine } from './reference-totals.js';
import { rateFields, type TaxSetup } from './totals-harness.js';

/**
 * A real WooCommerce as the other side of the random carts: each tax set-up's settings and rates
 * made there for the time of its carts (the settings changed are read first and put back after),
 * each cart's products and coupons made with a prefix, the order created with its lines, coupons,
 * fees and shipping and totalled by WooCommerce. Everything made is deleted by `cleanUp()`; nothing
 * else is touched. The shop is shared, so the set-ups keep their rates to the carts' own address
 * (a postcode the rates name), away from orders taxed at the shop's base.
 */

/** The address every cart is taxed at unless its set-up names one. */
export const CART_ADDRESS = { country: 'US', state: 'CA', postcode: '90210', city: 'Beverly Hills' } as const;

/**
 * The set-up as both sides make it: taxed at the billing address, and every rate that names no
 * postcode limited to that address's, so the rates tax the carts only.
 */
export function isolatedSetup(setup: TaxSetup): TaxSetup {
  const billing = setup.billing ?? { ...CART_ADDRESS };
  return {
    ...setup,
    billing,
    store: { ...setup.store, tax_based_on: 'billing' },
    rates: setup.rates.map((rate) => ({ ...rate, postcodes: rate.postcodes ?? [billing.postcode] })),
  };
}

interface Setting {
  group: 'general' | 'tax';
  id: string;
  value: (store: Record<string, unknown>) => string | undefined;
}

const yesNo = (value: unknown) => (value === true ? 'yes' : 'no');
const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);

const SETTINGS: readonly Setting[] = [
  { group: 'tax', id: 'woocommerce_prices_include_tax', value: (store) => yesNo(store.prices_include_tax) },
  { group: 'tax', id: 'woocommerce_tax_round_at_subtotal', value: (store) => yesNo(store.tax_round_at_subtotal) },
  { group: 'tax', id: 'woocommerce_tax_based_on', value: (store) => text(store.tax_based_on, 'shipping') },
  { group: 'tax', id: 'woocommerce_shipping_tax_class', value: (store) => text(store.shipping_tax_class, 'inherit') },
  { group: 'general', id: 'woocommerce_calc_discounts_sequentially', value: (store) => yesNo(store.calc_discounts_sequentially) },
  // Prices entered with tax lose it at the base rates (§6.5): the base moves to the carts' postcode
  // for those set-ups only, since orders taxed at the base would meet the rates there.
  { group: 'general', id: 'woocommerce_store_postcode', value: (store) => (store.prices_include_tax === true ? CART_ADDRESS.postcode : undefined) },
];

function bodyOf(outcome: WooCommerceOutcome, what: string): unknown {
  if (outcome.kind !== 'ok') throw new Error(`${what}: ${outcome.kind} ${'message' in outcome ? outcome.message : ''}`);
  return outcome.body;
}

export class RandomCartShop {
  private readonly client: WooCommerceClient;
  private readonly products = new Map<string, number>();
  private readonly coupons: number[] = [];
  private readonly orders: number[] = [];
  private readonly rates: number[] = [];
  private readonly changed = new Map<string, { group: string; value: unknown }>();
  private serial = 0;

  constructor(
    options: { url: string; consumerKey: string; consumerSecret: string },
    private readonly prefix: string,
  ) {
    this.client = new WooCommerceClient({ ...options, timeoutMs: 120_000 });
  }

  /** The set-up's settings and rates, in place of what the shop had (kept to be put back). */
  async useSetup(setup: TaxSetup): Promise<void> {
    for (const setting of SETTINGS) {
      const value = setting.value(setup.store);
      const path = `settings/${setting.group}/${setting.id}`;
      if (!this.changed.has(setting.id)) {
        const current = bodyOf(await this.client.get(path), `read ${setting.id}`) as { value: unknown };
        this.changed.set(setting.id, { group: setting.group, value: current.value });
      }
      const target = value ?? this.changed.get(setting.id)?.value;
      bodyOf(await this.client.put(path, { value: target }), `set ${setting.id}`);
    }
    await this.dropRates();
    for (const rate of setup.rates) {
      const made = bodyOf(
        await this.client.post('taxes', { ...rateFields(rate), class: rate.class === '' ? 'standard' : rate.class }),
        `rate ${rate.name}`,
      ) as { id: number };
      this.rates.push(made.id);
    }
  }

  /** Creates the cart's order and answers WooCommerce's totals. */
  async order(cart: ReferenceCart, billing: NonNullable<TaxSetup['billing']>): Promise<OrderAmounts> {
    const tag = `${this.prefix}-${(++this.serial).toString(36)}`;
    const productIds: number[] = [];
    for (const [index, line] of cart.lines.entries()) productIds.push(await this.product(line, index));
    const codes = cart.coupons.map((coupon) => `${tag}-${coupon.code}`.toLowerCase());
    if (cart.coupons.length > 0) {
      const made = bodyOf(
        await this.client.post('coupons/batch', {
          create: cart.coupons.map((coupon, index) => ({
            code: codes[index],
            discount_type: coupon.type,
            amount: coupon.amount,
            limit_usage_to_x_items: coupon.limit,
            product_ids: coupon.eligible.every(Boolean) ? [] : productIds.filter((_, line) => coupon.eligible[line] === true),
          })),
        }),
        'coupons',
      ) as { create: Array<{ id?: number; error?: { message: string } }> };
      for (const coupon of made.create) {
        if (coupon.id === undefined) throw new Error(`coupon refused: ${coupon.error?.message ?? ''}`);
        this.coupons.push(coupon.id);
      }
    }
    const created = bodyOf(
      await this.client.post('orders', {
        billing: { first_name: 'Random cart', email: 'random-cart@example.test', ...billing },
        line_items: cart.lines.map((line, index) => ({ product_id: productIds[index], quantity: line.quantity })),
        coupon_lines: codes.map((code) => ({ code })),
        fee_lines: cart.fees.map((fee, index) => ({
          name: `Fee ${index}`,
          total: fee.total,
          tax_status: fee.taxable ? 'taxable' : 'none',
          tax_class: fee.taxClass,
        })),
        shipping_lines: cart.shipping.map((total) => ({ method_id: 'flat_rate', method_title: 'Flat rate', total })),
      }),
      'order',
    ) as OrderAmounts & { id: number };
    this.orders.push(created.id);
    return created;
  }

  /** Puts back every setting changed and deletes what was made, orders first. */
  async cleanUp(): Promise<void> {
    for (const ids of chunks(this.orders.splice(0), 100)) await this.client.post('orders/batch', { delete: ids }, { force: true });
    for (const ids of chunks(this.coupons.splice(0), 100)) await this.client.post('coupons/batch', { delete: ids }, { force: true });
    const products = [...this.products.values()];
    this.products.clear();
    for (const ids of chunks(products, 100)) await this.client.post('products/batch', { delete: ids }, { force: true });
    await this.dropRates();
    for (const [id, { group, value }] of this.changed) await this.client.put(`settings/${group}/${id}`, { value });
    this.changed.clear();
  }

  private async dropRates(): Promise<void> {
    for (const ids of chunks(this.rates.splice(0), 100)) await this.client.post('taxes/batch', { delete: ids }, { force: true });
  }

  /**
   * One product per place in the cart, price, tax status and class, made on first use: the lines of
   * one cart are always different products, as a coupon naming one of them must not name another.
   */
  private async product(line: ReferenceLine, place: number): Promise<number> {
    const key = `${place}|${line.unitPrice}|${line.taxable ? line.taxClass : 'none'}`;
    const known = this.products.get(key);
    if (known !== undefined) return known;
    const made = bodyOf(
      await this.client.post('products', {
        name: `${this.prefix} ${key}`,
        type: 'simple',
        regular_price: line.unitPrice,
        tax_status: line.taxable ? 'taxable' : 'none',
        tax_class: line.taxable ? line.taxClass : '',
      }),
      'product',
    ) as { id: number };
    this.products.set(key, made.id);
    return made.id;
  }
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}
