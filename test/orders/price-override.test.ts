import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCoupon, createOrder } from '../helpers/shop-data.js';

/**
 * A price or discount the cashier puts on a line survives coupons, recalculation and tax changes,
 * and the catalogue price it replaced stays on the line as `_pos_original_price` (issue 8, item 6;
 * WCPOS 1.8.8, #464). UK shop, prices exclusive of 20 % VAT (5 % reduced); amounts worked out by hand.
 */
let sandwich: number;

const { server, tokens } = useServer({ roles: ['cashier', 'shop_manager'], store: 'uk', catalogue: 'sale' }, async () => {
  sandwich = (await api(server, 'POST', '/products', { token: tokens.shop_manager, body: { name: 'Sandwich', sku: 'SAND-1', regular_price: '9.50' } })).body.id;
  addCoupon(server, { code: 'TENOFF', amount: '10', discount_type: 'percent' });
});

const patch = async (id: number, body: unknown) => {
  const response = await api(server, 'PATCH', `/orders/${id}`, { token: tokens.cashier, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const originalPrice = (line: any) => line.meta_data.find((entry: any) => entry.key === '_pos_original_price')?.value;
const amounts = (order: any) => [order.line_items[0].subtotal, order.line_items[0].total, order.line_items[0].total_tax, order.discount_total, order.total];

describe('a manual line price', () => {
  it('9.50 → 7.00, then a 10 % coupon: the line stays based on 7.00, through a tax change and the coupon removed', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: sandwich, quantity: 1 }] });
    const lineId = order.line_items[0].id;
    expect(originalPrice(order.line_items[0])).toBeUndefined();

    const repriced = await patch(order.id, { line_items: [{ id: lineId, subtotal: '7.00', total: '7.00' }] });
    // 7.00 + VAT 1.40 = 8.40; the catalogue price kept for the receipt and the audit.
    expect(amounts(repriced)).toEqual(['7.00', '7.00', '1.40', '0.00', '8.40']);
    expect(originalPrice(repriced.line_items[0])).toBe('9.50');

    // 10 % of 7.00 = 0.70 → 6.30; VAT 1.26; total 7.56.
    const couponed = await patch(order.id, { coupon_lines: [{ code: 'TENOFF' }] });
    expect(amounts(couponed)).toEqual(['7.00', '6.30', '1.26', '0.70', '7.56']);

    // Reduced rate: 6.30 × 5 % = 0.315 → 0.32; total 6.62.
    const retaxed = await patch(order.id, { line_items: [{ id: lineId, tax_class: 'reduced-rate' }] });
    expect(amounts(retaxed)).toEqual(['7.00', '6.30', '0.32', '0.70', '6.62']);

    // A second unit keeps the manual unit price: 14.00 − 10 % = 12.60; VAT 5 % 0.63; total 13.23.
    const two = await patch(order.id, { line_items: [{ id: lineId, quantity: 2 }] });
    expect(amounts(two)).toEqual(['14.00', '12.60', '0.63', '1.40', '13.23']);

    const uncouponed = await patch(order.id, { coupon_lines: [{ id: two.coupon_lines[0].id, code: null }] });
    expect(amounts(uncouponed)).toEqual(['14.00', '14.00', '0.70', '0.00', '14.70']);
    expect(originalPrice(uncouponed.line_items[0])).toBe('9.50');
  });

  it('a line discount (subtotal 9.50, total 7.00) is not wiped by a coupon applied afterwards', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: sandwich, subtotal: '9.50', total: '7.00' }] });
    expect(amounts(order)).toEqual(['9.50', '7.00', '1.40', '2.50', '8.40']);
    expect(originalPrice(order.line_items[0])).toBe('9.50');
    // The coupon takes 10 % of 7.00 (0.70), not of 9.50: 6.30; discount 2.50 + 0.70 = 3.20; VAT 1.26; total 7.56.
    const couponed = await patch(order.id, { coupon_lines: [{ code: 'TENOFF' }] });
    expect(amounts(couponed)).toEqual(['9.50', '6.30', '1.26', '3.20', '7.56']);
    expect(couponed.coupon_lines[0].discount).toBe('0.70');
    const again = await patch(order.id, { customer_note: 'recalculated', billing: { first_name: 'Ada' } });
    expect(amounts(again)).toEqual(['9.50', '6.30', '1.26', '3.20', '7.56']);
  });

  it('a client cannot write _pos_original_price itself', async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: sandwich, total: '5.00', meta_data: [{ key: '_pos_original_price', value: '99.00' }] }],
    });
    expect(originalPrice(order.line_items[0])).toBe('9.50');
  });
});
