import { describe, expect, it } from 'vitest';
import { Decimal } from '../../server/model/money.js';
import { api } from '../helpers/server.js';
import { addCoupon, createOrder } from '../helpers/shop-data.js';
import { useServer } from '../helpers/use-server.js';

/**
 * A receipt adds up: the lines before discounts, less every discount (a line's, the whole sale's
 * spread over its lines, a coupon's), plus the tax, is the total, in every format; an order not
 * paid says so and what is due (real HTTP).
 */

const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');
/** The amount at the end of the first text row starting with `label` and a space. */
const amountOf = (lines: readonly string[], label: string): string | undefined =>
  lines.find((line) => line.startsWith(`${label} `))?.match(/ (-?[\d,]+\.\d{2})$/)?.[1];

let discounted: number;
let unpaid: number;

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' }, async () => {
  addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
  const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.tea }] });
  // As the till sends them: the coffee's own discount (10.00 → 9.00) and 0.50 of a whole-sale discount on the tea, each keeping its subtotal.
  const edited = await api(server, 'PATCH', `/orders/${order.id}`, {
    token: tokens.cashier,
    body: {
      line_items: [
        { id: order.line_items[0].id, subtotal: '10.00', total: '9.00' },
        { id: order.line_items[1].id, subtotal: '4.00', total: '3.50' },
      ],
      coupon_lines: [{ code: 'TEN' }],
    },
  });
  expect(edited.status).toBe(200);
  discounted = order.id;
  const paid = await api(server, 'POST', `/orders/${discounted}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20' } },
  });
  expect(paid.status).toBe(200);
  unpaid = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 2 }] })).id;
});

const receipt = (id: number, query: string) => api<string>(server, 'GET', `/receipts/${id}${query}`, { token: tokens.cashier });

describe('discounts on the receipt', () => {
  it('lists the discounts given at the till beside the coupons, and flags the receipt as discounted', async () => {
    const { data } = (await api(server, 'GET', `/receipts/${discounted}`, { token: tokens.cashier })).body;
    expect(data.discounts.map((entry: any) => [entry.code, entry.discount_type, entry.total])).toEqual([
      ['TEN', 'percent', '1.25'],
      ['', 'till', '1.50'],
    ]);
    expect(data.totals.discount_total).toBe('2.75');
    expect(data.totals.has_discount).toBe(true);
  });

  it('prints every discount on the text receipt, so that subtotal − discounts + tax = total', async () => {
    const lines = linesOf((await receipt(discounted, '?format=text')).body);
    expect(amountOf(lines, 'Subtotal')).toBe('14.00');
    expect(amountOf(lines, 'Discount TEN')).toBe('-1.25');
    expect(lines).toContain(`Discount${' '.repeat(48 - 'Discount'.length - '-1.50'.length)}-1.50`);
    const taxes = ['VAT 20%', 'Reduced VAT 5%'].map((label) => amountOf(lines, label) ?? '0');
    const total = amountOf(lines, 'TOTAL GBP');
    const discounts = lines.filter((line) => line.startsWith('Discount')).map((line) => line.match(/ (-[\d.]+)$/)?.[1] ?? '0');
    expect(discounts).toHaveLength(2);
    const added = [amountOf(lines, 'Subtotal') ?? '0', ...discounts, ...taxes].reduce((sum, value) => sum.plus(value), new Decimal(0));
    expect(added.toFixed(2)).toBe(total);
    expect(lines.join('\n')).not.toContain('NOT PAID');
  });

  it('prints every discount on the till roll and the A4 invoice', async () => {
    const roll = (await receipt(discounted, '?format=html')).body;
    expect(roll).toMatch(/<span>Discount TEN<\/span><span>-£1\.25<\/span>/);
    expect(roll).toMatch(/<span>Discount <\/span><span>-£1\.50<\/span>/);
    const invoice = (await receipt(discounted, '?format=html&template_id=a4-invoice')).body;
    expect(invoice).toContain('-£1.50');
    expect(invoice).toContain('-£1.25');
  });
});

describe('an order not paid', () => {
  it('says NOT PAID and what is due, in text and on the till roll', async () => {
    const { data } = (await api(server, 'GET', `/receipts/${unpaid}`, { token: tokens.cashier })).body;
    expect([data.totals.is_unpaid, data.totals.has_due, data.totals.due_total]).toEqual([true, true, '8.40']);
    const lines = linesOf((await receipt(unpaid, '?format=text')).body);
    expect(lines.map((line) => line.trim())).toContain('NOT PAID');
    expect(amountOf(lines, 'Due')).toBe('8.40');
    const roll = (await receipt(unpaid, '?format=html')).body;
    expect(roll).toContain('NOT PAID');
    expect(roll).toMatch(/<span>Due<\/span><span>£8\.40<\/span>/);
  });
});
