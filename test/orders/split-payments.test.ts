import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder } from '../helpers/shop-data.js';

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

/** 1 coffee and 1 tea: 10.00 + 2.00 VAT + 4.00 + 0.20 VAT = 16.20. */
async function order16() {
  const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.tea }] });
  expect(order.total).toBe('16.20');
  return order as { id: number; line_items: Array<{ id: number }> };
}

const pay = (orderId: number, gateway: string, paymentData: Record<string, unknown>, key?: string) =>
  api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: gateway, payment_data: paymentData },
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

describe('split payments', () => {
  it('a partial card payment marks paid only what it took, and the order stays unpaid until nothing is due', async () => {
    const order = await order16();
    const card = await pay(order.id, 'pos_card', { amount: '6.20', transaction_id: 'T-1' }, 'part-card');
    expect([card.status, card.body.status, card.body.terminal, card.body.amount_paid, card.body.amount_due, card.body.provider_data.amount_paid]).toEqual([
      200,
      'processing',
      false,
      '6.20',
      '10.00',
      '6.20',
    ]);
    const unpaid = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect([unpaid.status, unpaid.date_paid]).toEqual(['pending', null]);
    const tooMuch = await pay(order.id, 'pos_card', { amount: '10.01' });
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.data.amount_due]).toEqual([400, 'pos_checkout_amount_exceeds_due', '10.00']);
    const rest = await pay(order.id, 'pos_cash', { amount_tendered: '20.00' }, 'part-cash');
    expect([rest.status, rest.body.status, rest.body.amount_paid, rest.body.amount_due, rest.body.provider_data.change_due]).toEqual([
      200,
      'completed',
      '16.20',
      '0.00',
      '10.00',
    ]);
    expect(
      rest.body.payments.map((payment: { gateway_id: string; amount: string; change: string }) => [payment.gateway_id, payment.amount, payment.change]),
    ).toEqual([
      ['pos_card', '6.20', '0.00'],
      ['pos_cash', '10.00', '10.00'],
    ]);
    const paid = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect([paid.status, paid.payment_method, paid.date_paid === null]).toEqual(['completed', 'pos_cash', false]);
    // Each part replays by its own key, without paying again.
    const replay = await pay(order.id, 'pos_card', { amount: '6.20', transaction_id: 'T-1' }, 'part-card');
    expect([replay.status, replay.body.checkout_id, replay.body.amount_paid]).toEqual([200, card.body.checkout_id, '6.20']);
  });

  it('the bootstrap of a part-paid order asks for what is left, not the total', async () => {
    const order = await order16();
    const bootstrap = async (gateway: string) =>
      (await api(server, 'POST', `/payment-gateways/${gateway}/bootstrap`, { token: tokens.cashier, body: { context: { order_id: order.id } } })).body
        .provider_data.amount_due as string;
    expect(await bootstrap('pos_cash')).toBe('16.20');
    await pay(order.id, 'pos_card', { amount: '6.20' });
    expect([await bootstrap('pos_cash'), await bootstrap('pos_card')]).toEqual(['10.00', '10.00']);
  });

  it('cash gives change only beyond what is due; less than the part is refused', async () => {
    const order = await order16();
    const changeTooEarly = await pay(order.id, 'pos_cash', { amount: '10.00', amount_tendered: '20.00' });
    expect([changeTooEarly.status, changeTooEarly.body.code]).toEqual([400, 'pos_checkout_change_before_due']);
    const short = await pay(order.id, 'pos_cash', { amount: '10.00', amount_tendered: '5.00' });
    expect([short.status, short.body.code]).toEqual([400, 'pos_checkout_insufficient_tender']);
    const part = await pay(order.id, 'pos_cash', { amount: '10.00' });
    expect([part.status, part.body.amount_due, part.body.payments[0].tendered, part.body.payments[0].change]).toEqual([200, '6.20', '10.00', '0.00']);
  });

  it('refuses malformed payment data, naming the field, and takes nothing', async () => {
    const order = await order16();
    for (const [gateway, data, field] of [
      ['pos_cash', { amount_tendered: '-1.00' }, 'payment_data.amount_tendered'],
      ['pos_cash', { amount_tendered: 'twenty' }, 'payment_data.amount_tendered'],
      ['pos_card', { amount: '0' }, 'payment_data.amount'],
      ['pos_card', { amount: 'a lot' }, 'payment_data.amount'],
      ['pos_card', { transaction_id: 42 }, 'payment_data.transaction_id'],
      ['pos_card', { transaction_id: 'T'.repeat(201) }, 'payment_data.transaction_id'],
    ] as const) {
      const refused = await pay(order.id, gateway, data);
      expect([refused.status, refused.body.code, Object.keys(refused.body.data.params)], JSON.stringify(data)).toEqual([400, 'rest_invalid_param', [field]]);
    }
    const cashWithoutTender = await pay(order.id, 'pos_cash', {});
    expect(Object.keys(cashWithoutTender.body.data.params)).toEqual(['payment_data.amount_tendered']);
    // A number is read as the amount it names.
    expect((await pay(order.id, 'pos_cash', { amount_tendered: 20 })).body).toMatchObject({ amount_due: '0.00', provider_data: { change_due: '3.80' } });
  });

  it('concurrent parts on one order never pay more than its total', async () => {
    const order = await order16();
    const attempts = await Promise.all(Array.from({ length: 6 }, (_, index) => pay(order.id, 'pos_card', { amount: '5.00' }, `concurrent-${index}`)));
    expect(attempts.filter((attempt) => attempt.status === 200)).toHaveLength(3);
    const state = (await api(server, 'GET', `/orders/${order.id}/checkout`, { token: tokens.cashier })).body;
    expect([state.amount_paid, state.amount_due]).toEqual(['15.00', '1.20']);
    const everything = await Promise.all(Array.from({ length: 4 }, (_, index) => pay(order.id, 'pos_card', {}, `rest-${index}`)));
    expect(everything.filter((attempt) => attempt.status === 200)).toHaveLength(1);
    const paid = (await api(server, 'GET', `/orders/${order.id}/checkout`, { token: tokens.cashier })).body;
    expect([paid.status, paid.amount_paid, paid.amount_due, paid.payments.length]).toEqual(['completed', '16.20', '0.00', 4]);
  });

  it('a refund names its tender and never gives back more through it than it took', async () => {
    const order = await order16();
    await pay(order.id, 'pos_card', { amount: '4.20' });
    await pay(order.id, 'pos_cash', { amount_tendered: '12.00' });
    const coffee = order.line_items[0]?.id ?? 0;
    const unnamed = await api(server, 'POST', `/orders/${order.id}/refunds`, { token: tokens.cashier, body: { amount: '1.00' } });
    expect([unnamed.status, unnamed.body.code, unnamed.body.data.tenders]).toEqual([400, 'pos_refund_tender_required', ['pos_card', 'pos_cash']]);
    const overCard = await api(server, 'POST', `/orders/${order.id}/refunds`, {
      token: tokens.cashier,
      body: { line_items: [{ id: coffee, quantity: 1 }], refund_destination: 'pos_card' },
    });
    expect([overCard.status, overCard.body.code, overCard.body.data.left]).toEqual([400, 'pos_refund_exceeds_tender', '4.20']);
    const other = await api(server, 'POST', `/orders/${order.id}/refunds`, { token: tokens.cashier, body: { amount: '1.00', refund_destination: 'pos_gift' } });
    expect([other.status, other.body.code]).toEqual([400, 'pos_refund_invalid_tender']);
    expect(
      (await api(server, 'POST', `/orders/${order.id}/refunds`, { token: tokens.cashier, body: { amount: '4.20', payment_method: 'pos_card' } })).status,
    ).toBe(201);
    const cardEmpty = await api(server, 'POST', `/orders/${order.id}/refunds`, {
      token: tokens.cashier,
      body: { amount: '0.01', refund_destination: 'pos_card' },
    });
    expect([cardEmpty.status, cardEmpty.body.data.left]).toEqual([400, '0.00']);
    expect(
      (
        await api(server, 'POST', `/orders/${order.id}/refunds`, {
          token: tokens.cashier,
          body: { line_items: [{ id: coffee, quantity: 1 }], refund_destination: 'pos_cash' },
        })
      ).status,
    ).toBe(201);
    expect((await api(server, 'GET', `/orders/${order.id}/refunds`, { token: tokens.cashier })).body).toHaveLength(2);
  });
});
