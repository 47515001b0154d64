import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { createOrder } from '../helpers/shop-data.js';
import { useServer } from '../helpers/use-server.js';

/**
 * `refund_destination` as WCPOS clients send it: `cash` (the cash tender, pos_cash) and `original`
 * (back through what the order was paid with), beside a gateway id (real HTTP).
 */

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

async function paidOrder(parts: Array<{ gateway: string; data: Record<string, string> }>) {
  const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.tea }] });
  for (const part of parts) {
    const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: part.gateway, payment_data: part.data },
    });
    expect(paid.status).toBe(200);
  }
  return order as { id: number; total: string; line_items: Array<{ id: number }> };
}

const refund = (orderId: number, body: Record<string, unknown>) => api(server, 'POST', `/orders/${orderId}/refunds`, { token: tokens.cashier, body });

describe('refund_destination', () => {
  it('takes "cash" as the cash tender of an order paid in cash', async () => {
    const order = await paidOrder([{ gateway: 'pos_cash', data: { amount_tendered: '20.00' } }]);
    const answer = await refund(order.id, { amount: '2.00', refund_destination: 'cash' });
    expect([answer.status, answer.body.code]).toEqual([201, undefined]);
    const again = await refund(order.id, { amount: '2.00', refund_destination: 'pos_cash' });
    expect(again.status).toBe(201);
  });

  it('takes "original" as the one tender the order was paid with, and asks which when there were several', async () => {
    const card = await paidOrder([{ gateway: 'pos_card', data: {} }]);
    const back = await refund(card.id, { amount: '1.00', refund_destination: 'original' });
    expect(back.status).toBe(201);
    const split = await paidOrder([
      { gateway: 'pos_card', data: { amount: '6.20' } },
      { gateway: 'pos_cash', data: { amount_tendered: '10.00' } },
    ]);
    const which = await refund(split.id, { amount: '1.00', refund_destination: 'original' });
    expect([which.status, which.body.code]).toEqual([400, 'pos_refund_tender_required']);
  });

  it('still refuses "cash" for an order paid only by card', async () => {
    const card = await paidOrder([{ gateway: 'pos_card', data: {} }]);
    const answer = await refund(card.id, { amount: '1.00', refund_destination: 'cash' });
    expect([answer.status, answer.body.code]).toEqual([400, 'pos_refund_invalid_tender']);
    expect(answer.body.message).toBe(`Order ${card.id} was not paid in cash; it was paid with pos_card.`);
  });
});
