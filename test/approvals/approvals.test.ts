import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const MANAGER_PIN = '48213507';
const CASHIER_PIN = '5150';

const { server, tokens, catalogue } = useServer({ catalogue: 'sale' }, async () => {
  expect((await api(server, 'PATCH', `/users/${server.users.shop_manager.id}`, { token: tokens.administrator, body: { pin: MANAGER_PIN } })).status).toBe(200);
  expect(
    (await api(server, 'POST', '/auth/pin', { token: tokens.cashier, body: { pin: CASHIER_PIN, current_password: server.users.cashier.password } })).status,
  ).toBe(200);
});

async function paidOrder(): Promise<number> {
  const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] } });
  expect(order.status).toBe(201);
  const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, { token: tokens.cashier, body: { gateway_id: 'pos_card', payment_data: {} } });
  expect(paid.status).toBe(200);
  return order.body.id as number;
}

const requireApprovals = async (required: string[], discount = 0) => {
  expect((await api(server, 'POST', '/settings/approvals', { token: tokens.shop_manager, body: { required, discount_above_percent: discount } })).status).toBe(
    200,
  );
};

const approve = (body: Record<string, unknown>, token = tokens.cashier) =>
  api(server, 'POST', '/auth/approvals', { token, body: { username: 'test-manager', pin: MANAGER_PIN, ...body } });
const refund = (orderId: number, approval?: string, token = tokens.cashier) =>
  api(server, 'POST', `/orders/${orderId}/refunds`, {
    token,
    body: { amount: '1.00', reason: 'approval test' },
    headers: approval === undefined ? {} : { 'X-POS-Approval': approval },
  });
const refundCount = (orderId: number): number =>
  withDb(server, (db) => db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?').get(orderId)?.n ?? 0);

describe('approvals off (the default)', () => {
  it('settings/approvals starts empty and the cashier refunds without an approval', async () => {
    expect((await api(server, 'GET', '/settings/approvals', { token: tokens.shop_manager })).body).toEqual({ required: [], discount_above_percent: 0 });
    const order = await paidOrder();
    expect((await refund(order)).status).toBe(201);
  });
});

describe('approvals on', () => {
  it('refuses a cashier refund without an approval: 403 pos_approval_required, nothing written', async () => {
    await requireApprovals(['refund']);
    const order = await paidOrder();
    const refused = await refund(order);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'pos_approval_required',
      data: { status: 403, reason: 'approval_required', current_user: server.users.cashier.id, action: 'refund' },
    });
    expect(refundCount(order)).toBe(0);
  });

  it('a manager never needs one', async () => {
    const order = await paidOrder();
    expect((await refund(order, undefined, tokens.shop_manager)).status).toBe(201);
  });

  it('a manager PIN approves one refund of that order, once', async () => {
    const order = await paidOrder();
    const approval = await approve({ action: 'refund', order_id: order });
    expect(approval.status).toBe(201);
    expect(approval.body).toMatchObject({
      action: 'refund',
      order_id: order,
      requested_by: server.users.cashier.id,
      approved_by: { id: server.users.shop_manager.id, username: 'test-manager' },
      expires_in: 120,
    });
    expect(JSON.stringify(approval.body)).not.toContain(MANAGER_PIN);
    expect((await refund(order, approval.body.token)).status).toBe(201);
    const reused = await refund(order, approval.body.token);
    expect(reused.status).toBe(403);
    expect(reused.body).toMatchObject({ code: 'pos_approval_invalid', data: { reason: 'approval_used', current_user: server.users.cashier.id } });
    expect(refundCount(order)).toBe(1);
  });

  it('a password approves as well; an approval without an order covers one refund of any order', async () => {
    const order = await paidOrder();
    const approval = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-manager', password: server.users.shop_manager.password, action: 'refund' },
    });
    expect(approval.status).toBe(201);
    expect((await refund(order, approval.body.token)).status).toBe(201);
  });

  it('refuses a wrong, expired, or mismatched approval', async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    expect((await refund(order, 'not-an-approval')).body.data.reason).toBe('approval_invalid');

    const forOther = await approve({ action: 'refund', order_id: other });
    expect((await refund(order, forOther.body.token)).body).toMatchObject({ code: 'pos_approval_invalid', data: { reason: 'approval_mismatch' } });

    const forPrice = await approve({ action: 'price_override', order_id: order });
    expect((await refund(order, forPrice.body.token)).body.data.reason).toBe('approval_mismatch');

    // Approved for the manager's own till session, not for this cashier.
    const forManager = await approve({ action: 'refund', order_id: order }, tokens.shop_manager);
    expect((await refund(order, forManager.body.token)).body.data.reason).toBe('approval_mismatch');

    const expiring = await approve({ action: 'refund', order_id: order });
    withDb(server, (db) => db.prepare('UPDATE approvals SET expires_at = expires_at - 121 WHERE id = ?').run(expiring.body.id));
    expect((await refund(order, expiring.body.token)).body.data.reason).toBe('approval_expired');
    expect(refundCount(order)).toBe(0);

    // The approval for the other order is still unspent: a refused request spends nothing.
    expect((await refund(other, forOther.body.token)).status).toBe(201);
  });

  it('only a manager approves: a cashier PIN, a wrong PIN and an unknown user are denied', async () => {
    const order = await paidOrder();
    const byCashier = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-cashier', pin: CASHIER_PIN, action: 'refund', order_id: order },
    });
    expect(byCashier.status).toBe(403);
    expect(byCashier.body).toMatchObject({ code: 'pos_approval_denied', data: { reason: 'approver_not_allowed', current_user: server.users.cashier.id } });
    expect((await approve({ action: 'refund', pin: '00000000' })).body.data.reason).toBe('invalid_credentials');
    expect((await approve({ action: 'refund', username: 'nobody' })).body.data.reason).toBe('invalid_credentials');
    expect((await approve({ action: 'refund', order_id: 999_999 })).body.code).toBe('pos_rest_order_invalid_id');
    const badAction = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-manager', pin: MANAGER_PIN, action: 'fly' },
    });
    expect(Object.keys(badAction.body.data.params)).toEqual(['action']);
    const both = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-manager', pin: MANAGER_PIN, password: 'x', action: 'refund' },
    });
    expect(both.status).toBe(400);
    expect(both.body.data.params).toEqual({ pin: 'send either pin or password' });
  });

  it('an approval from a manager disabled since no longer counts', async () => {
    const order = await paidOrder();
    const approval = await approve({ action: 'refund', order_id: order });
    withDb(server, (db) => db.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').run(new Date().toISOString(), server.users.shop_manager.id));
    try {
      expect((await refund(order, approval.body.token)).body.data.reason).toBe('approval_invalid');
    } finally {
      withDb(server, (db) => db.prepare('UPDATE users SET disabled_at = NULL WHERE id = ?').run(server.users.shop_manager.id));
    }
  });

  it('cancelling a paid order needs an approval; cancelling an unpaid one does not', async () => {
    await requireApprovals(['cancel_paid_order']);
    // Paid but not yet completed (a completed order cannot be cancelled at all).
    expect(
      (
        await api(server, 'POST', '/settings/payment-gateways', {
          token: tokens.shop_manager,
          body: { gateways: { pos_card: { order_status: 'processing' } } },
        })
      ).status,
    ).toBe(200);
    const order = await paidOrder();
    expect((await api(server, 'GET', `/orders/${order}`, { token: tokens.cashier })).body.status).toBe('processing');
    const refused = await api(server, 'PATCH', `/orders/${order}`, { token: tokens.cashier, body: { status: 'cancelled' } });
    expect(refused.body).toMatchObject({ code: 'pos_approval_required', data: { action: 'cancel_paid_order' } });
    expect((await api(server, 'GET', `/orders/${order}`, { token: tokens.cashier })).body.status).not.toBe('cancelled');
    const approval = await approve({ action: 'cancel_paid_order', order_id: order });
    const cancelled = await api(server, 'PATCH', `/orders/${order}`, {
      token: tokens.cashier,
      body: { status: 'cancelled' },
      headers: { 'X-POS-Approval': approval.body.token },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const unpaid = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: catalogue.coffee }] } });
    expect((await api(server, 'PATCH', `/orders/${unpaid.body.id}`, { token: tokens.cashier, body: { status: 'cancelled' } })).status).toBe(200);
  });

  it('a price set by hand and a discount above the threshold need approvals, one each', async () => {
    await requireApprovals(['price_override', 'discount'], 10);
    const lines = { line_items: [{ product_id: catalogue.coffee, quantity: 1, subtotal: '10.00', total: '8.00' }] };
    const refused = await api(server, 'POST', '/orders', { token: tokens.cashier, body: lines });
    expect(refused.body).toMatchObject({ code: 'pos_approval_required', data: { action: 'price_override' } });
    const price = await approve({ action: 'price_override' });
    const onlyPrice = await api(server, 'POST', '/orders', { token: tokens.cashier, body: lines, headers: { 'X-POS-Approval': price.body.token } });
    expect(onlyPrice.body).toMatchObject({ code: 'pos_approval_required', data: { action: 'discount' } });
    const discount = await approve({ action: 'discount' });
    const created = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: lines,
      headers: { 'X-POS-Approval': `${price.body.token}, ${discount.body.token}` },
    });
    expect(created.status).toBe(201);
    expect(created.body.line_items[0]).toMatchObject({ subtotal: '10.00', total: '8.00' });

    // 5 % is under the threshold: the discount needs nothing, the hand-set price still does.
    await requireApprovals(['discount'], 10);
    expect(
      (
        await api(server, 'POST', '/orders', {
          token: tokens.cashier,
          body: { line_items: [{ product_id: catalogue.coffee, subtotal: '10.00', total: '9.50' }] },
        })
      ).status,
    ).toBe(201);
    expect((await api(server, 'POST', '/orders', { token: tokens.cashier, body: lines })).body.data.action).toBe('discount');
    await requireApprovals([]);
  });

  it('settings/approvals validates its values', async () => {
    const bad = await api(server, 'POST', '/settings/approvals', {
      token: tokens.shop_manager,
      body: { required: ['refund', 'fly'], discount_above_percent: 120 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['discount_above_percent', 'required[1]']);
  });
});
