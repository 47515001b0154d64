import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { createOrder } from '../helpers/shop-data.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Change is given only on the part that settles an order. The case that tells "more than this
 * part" from "more than the whole order" apart: 15.00 handed over for a 10.00 part of 16.20 due is
 * more than the part and less than the order, and must be refused with nothing taken.
 */
const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

const pay = (orderId: number, paymentData: Record<string, unknown>, key: string) =>
  api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: paymentData },
    headers: { 'Idempotency-Key': key },
  });
const stateOf = async (orderId: number) => (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: tokens.cashier })).body;

describe('change on a part paid in cash', () => {
  it('15.00 tendered for a 10.00 part of 16.20 is refused, and nothing is taken', async () => {
    // 1 coffee and 1 tea: 10.00 + 2.00 VAT + 4.00 + 0.20 VAT.
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.tea }] });
    expect(order.total).toBe('16.20');
    const refused = await pay(order.id, { amount: '10.00', amount_tendered: '15.00' }, 'part-with-change');
    expect([refused.status, refused.body.code]).toEqual([400, 'pos_checkout_change_before_due']);
    expect(refused.body.data).toMatchObject({ amount: '10.00', amount_due: '16.20', amount_tendered: '15.00' });
    const untouched = await stateOf(order.id);
    expect([untouched.amount_paid, untouched.amount_due, untouched.payments]).toEqual(['0.00', '16.20', []]);
  });

  it('the same part tendered exactly is taken without change; the settling part gives change', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.tea }] });
    const part = await pay(order.id, { amount: '10.00', amount_tendered: '10.00' }, 'part-exact');
    expect([part.status, part.body.amount_paid, part.body.amount_due, part.body.provider_data.change_due]).toEqual([200, '10.00', '6.20', '0.00']);
    // 6.20 is due now: 10.00 for a 5.00 part is still change before the order is settled.
    const again = await pay(order.id, { amount: '5.00', amount_tendered: '6.00' }, 'part-again');
    expect([again.status, again.body.code]).toEqual([400, 'pos_checkout_change_before_due']);
    const last = await pay(order.id, { amount_tendered: '10.00' }, 'settles');
    expect([last.status, last.body.status, last.body.amount_due, last.body.provider_data.change_due]).toEqual([200, 'completed', '0.00', '3.80']);
  });
});
