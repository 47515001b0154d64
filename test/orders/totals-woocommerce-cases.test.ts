import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceTotals, type ReferenceCart, type ReferenceCoupon, type ReferenceLine } from './reference-totals.js';
import { answerOf, openSetup, sellCart, type Harness, type TaxSetup } from './totals-harness.js';

/**
 * Fixed cases with WooCommerce's own figures: the hand-worked examples of woocommerce-reference
 * §6.9 and the examples of issue 22, whose figures were read from a real WooCommerce 10.0.2 (the
 * negative-fee example under the rates below: standard 20 %, reduced 5 %, zero 0 %). Each order is
 * made over HTTP; the reference reading of the rules (reference-totals.ts) must give the same figures.
 */

const UNIT: ReferenceLine = { unitPrice: '0', quantity: 1, taxable: true, taxClass: '' };
const line = (unitPrice: string, quantity = 1, extra: Partial<ReferenceLine> = {}): ReferenceLine => ({ ...UNIT, unitPrice, quantity, ...extra });
const coupon = (code: string, type: ReferenceCoupon['type'], amount: string, lines: number, limit: number | null = null): ReferenceCoupon => ({
  code,
  type,
  amount,
  limit,
  eligible: Array.from({ length: lines }, () => true),
});
const cart = (partial: Partial<ReferenceCart> & Pick<ReferenceCart, 'lines'>): ReferenceCart => ({ coupons: [], fees: [], shipping: [], ...partial });

const VAT: TaxSetup = {
  name: 'exclusive, standard 20 %, reduced 5 %, zero 0 %',
  store: {},
  rates: [
    { country: 'US', rate: '20', name: 'Standard', priority: 1, class: '' },
    { country: 'US', rate: '5', name: 'Reduced', priority: 1, class: 'reduced-rate' },
    { country: 'US', rate: '0', name: 'Zero', priority: 1, class: 'zero-rate' },
  ],
  matched: { '': [0], 'reduced-rate': [1], 'zero-rate': [2] },
};
const INCLUSIVE: TaxSetup = { ...VAT, name: 'inclusive, standard 20 %', store: { prices_include_tax: true } };
const FIVE: TaxSetup = { name: 'exclusive 5 %', store: {}, rates: [{ country: 'US', rate: '5', name: 'Five', priority: 1, class: '' }], matched: { '': [0] } };
const FIVE_AT_SUBTOTAL: TaxSetup = { ...FIVE, name: 'exclusive 5 %, rounded at subtotal', store: { tax_round_at_subtotal: true } };
const QUEBEC: TaxSetup = {
  name: 'GST 5 % + QST 9.975 % compound',
  store: {},
  rates: [
    { country: 'US', rate: '5', name: 'GST', priority: 1, class: '' },
    { country: 'US', rate: '9.975', name: 'QST', priority: 2, compound: true, class: '' },
  ],
  matched: { '': [0, 1] },
};
const MATCHING: TaxSetup = {
  name: 'US/CA/90210 with state, country and postcode rates',
  store: { tax_based_on: 'billing' },
  billing: { country: 'US', state: 'CA', postcode: '90210', city: 'Beverly Hills' },
  rates: [
    { country: 'US', state: 'CA', rate: '6', name: 'R1', priority: 1, class: '' },
    { country: 'US', rate: '4', name: 'R2', priority: 1, class: '' },
    { country: 'US', state: 'CA', postcodes: ['90*'], rate: '1', name: 'R3', priority: 2, class: '' },
  ],
  matched: { '': [0, 2] },
};

const harnesses = new Map<TaxSetup, Harness>();
beforeAll(async () => {
  for (const setup of [VAT, INCLUSIVE, FIVE, FIVE_AT_SUBTOTAL, QUEBEC, MATCHING]) harnesses.set(setup, await openSetup(setup));
}, 60_000);
afterAll(async () => {
  for (const harness of harnesses.values()) await harness.close();
});

/** The order the server makes of `sold`, after checking the reference reads the rules the same way. */
async function sell(setup: TaxSetup, sold: ReferenceCart) {
  const harness = harnesses.get(setup) as Harness;
  const response = await sellCart(harness, sold);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { refusedFee, ...reference } = referenceTotals(harness.settings, sold);
  expect(refusedFee).toBeUndefined();
  const answer = answerOf(response.body);
  expect({ ...answer.order, lines: answer.lines, coupons: answer.coupons, fees: answer.fees }).toEqual({
    ...reference.order,
    lines: reference.lines,
    coupons: reference.coupons,
    fees: reference.fees,
  });
  return response.body;
}

describe('the worked examples of woocommerce-reference §6.9', () => {
  it('A: exclusive 20 %, also on shipping; 2 × 10.00 and shipping 5.00', async () => {
    const order = await sell(VAT, cart({ lines: [line('10.00', 2)], shipping: ['5.00'] }));
    expect(order.tax_lines.map((tax: { tax_total: string; shipping_tax_total: string }) => [tax.tax_total, tax.shipping_tax_total])).toEqual([
      ['4.00', '1.00'],
    ]);
    expect(order.total).toBe('30.00');
  });

  it('B: inclusive 20 % on a gross 9.99: the tax rounds half-down', async () => {
    const order = await sell(INCLUSIVE, cart({ lines: [line('9.99')] }));
    expect([order.line_items[0].subtotal, order.line_items[0].subtotal_tax, order.total]).toEqual(['8.33', '1.66', '9.99']);
  });

  it('C: 5 % on three lines of 0.10, rounded per line and at subtotal', async () => {
    const lines = [line('0.10'), line('0.10'), line('0.10')];
    const perLine = await sell(FIVE, cart({ lines }));
    expect([perLine.cart_tax, perLine.total]).toEqual(['0.03', '0.33']);
    const atSubtotal = await sell(FIVE_AT_SUBTOTAL, cart({ lines }));
    expect([atSubtotal.total_tax, atSubtotal.total]).toEqual(['0.02', '0.32']);
    expect(atSubtotal.line_items.map((item: { total_tax: string }) => item.total_tax)).toEqual(['0.01', '0.01', '0.01']);
  });

  it('D: a compound rate on top of the first: 100.00 → 115.47', async () => {
    const order = await sell(QUEBEC, cart({ lines: [line('100.00')] }));
    expect([order.total_tax, order.total]).toEqual(['15.47', '115.47']);
  });

  it('E: the state rate beats the country rate, and the postcode rate of the next priority adds: 7 %', async () => {
    const order = await sell(MATCHING, cart({ lines: [line('100.00')] }));
    expect(order.tax_lines.map((tax: { label: string; tax_total: string }) => [tax.label, tax.tax_total])).toEqual([
      ['R1', '6.00'],
      ['R3', '1.00'],
    ]);
    expect(order.total).toBe('107.00');
  });

  it('F: 10 % on three lines of 3.33: the cent the lines miss goes to the first', async () => {
    const order = await sell(VAT, cart({ lines: [line('3.33'), line('3.33'), line('3.33')], coupons: [coupon('ten', 'percent', '10', 3)] }));
    expect(order.line_items.map((item: { total: string }) => item.total)).toEqual(['2.99', '3.00', '3.00']);
  });

  it('G: fixed cart 10.00 over 2 × 4.00 and 1 × 3.00, and over three lines of 5.00', async () => {
    const order = await sell(VAT, cart({ lines: [line('4.00', 2), line('3.00')], coupons: [coupon('tenoff', 'fixed_cart', '10.00', 2)] }));
    expect(order.line_items.map((item: { total: string }) => item.total)).toEqual(['1.00', '0.00']);
    const three = await sell(VAT, cart({ lines: [line('5.00'), line('5.00'), line('5.00')], coupons: [coupon('tenoff', 'fixed_cart', '10.00', 3)] }));
    expect(three.line_items.map((item: { total: string }) => item.total)).toEqual(['1.66', '1.67', '1.67']);
  });

  it('H: a 10 % coupon on a tax-inclusive 12.00 takes 1.00 and its 0.20 tax', async () => {
    const order = await sell(INCLUSIVE, cart({ lines: [line('12.00')], coupons: [coupon('ten', 'percent', '10', 1)] }));
    expect([order.line_items[0].total, order.line_items[0].total_tax]).toEqual(['9.00', '1.80']);
    expect([order.coupon_lines[0].discount, order.coupon_lines[0].discount_tax]).toEqual(['1.00', '0.20']);
    expect([order.discount_total, order.discount_tax, order.total]).toEqual(['1.00', '0.20', '10.80']);
  });
});

describe('issue 22: WooCommerce 10.0.2 side by side', () => {
  it('a percent coupon limited to 2 items discounts the two dearest units', async () => {
    const order = await sell(QUEBEC, cart({ lines: [line('4.45', 5), line('6.97', 2)], coupons: [coupon('twenty', 'percent', '20', 2, 2)] }));
    expect(order.line_items.map((item: { total: string }) => item.total)).toEqual(['22.25', '11.15']);
    expect([order.discount_total, order.coupon_lines[0].discount, order.total]).toEqual(['2.79', '2.79', '38.57']);
  });

  it('the remainder cents of a percent coupon go to the dearest units', async () => {
    const lines = [line('0.67', 4), line('32.95'), line('0.33', 3), line('1.32'), line('5.67')];
    const order = await sell(QUEBEC, cart({ lines, coupons: [coupon('save', 'percent', '29', 5)] }));
    expect(order.line_items.map((item: { total: string }) => item.total)).toEqual(['1.91', '23.39', '0.71', '0.93', '4.02']);
    expect([order.discount_total, order.coupon_lines[0].discount_tax, order.total_tax, order.total]).toEqual(['12.65', '1.96', '4.80', '35.76']);
  });

  it("a negative fee counts the shipping under the first taxable line's class", async () => {
    const lines = [line('34.33', 5, { taxClass: 'zero-rate' }), line('12.35', 5, { taxable: false }), line('1.37', 3), line('0.67', 6)];
    const fees = [
      { total: '-3.33', taxable: true, taxClass: '' },
      { total: '0.15', taxable: true, taxClass: 'reduced-rate' },
    ];
    const order = await sell(VAT, cart({ lines, fees, shipping: ['5.55'] }));
    expect(order.fee_lines.map((fee: { total_tax: string }) => fee.total_tax)).toEqual(['-0.02', '0.01']);
    expect([order.shipping_tax, order.total_tax, order.total]).toEqual(['1.11', '2.72', '246.62']);
  });
});
