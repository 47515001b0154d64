import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface AuditEntry {
  id: number;
  timestamp: string;
  level: string;
  message: string;
  source: string;
  context: Record<string, unknown> & {
    user_id: number;
    username: string;
    action: string;
    object_type: string;
    object_id: string;
    approval_id: number | null;
    amounts: Record<string, string>;
  };
}

const { server, tokens, catalogue } = useServer({ catalogue: 'sale' });
const NEW_PASSWORD = 'Audited-Pass-4417';
const RESET_PASSWORD = 'Reset-Pass-9043';
const NEW_PIN = '86420731';
const MANAGER_PIN = '31975286';
const startedAt = new Date(Date.now() - 1000).toISOString().slice(0, 19);

const audit = async (query = ''): Promise<AuditEntry[]> => {
  const response = await api<{ entries: AuditEntry[] }>(server, 'GET', `/logs?source=audit&per_page=100${query}`, { token: tokens.shop_manager });
  expect(response.status).toBe(200);
  return response.body.entries;
};
const only = async (action: string): Promise<AuditEntry> => {
  const entries = await audit(`&action=${action}`);
  expect(entries, action).toHaveLength(1);
  return entries[0] as AuditEntry;
};

describe('the audit trail', () => {
  it('starts empty and is not listed as a source until it has entries', async () => {
    expect(await audit()).toEqual([]);
  });

  it('records user changes: who, what, which user', async () => {
    const created = await api(server, 'POST', '/users', {
      token: tokens.administrator,
      body: { username: 'audited', password: NEW_PASSWORD, role: 'cashier', pin: NEW_PIN },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (
        await api(server, 'PATCH', `/users/${id}`, {
          token: tokens.administrator,
          body: { role: 'shop_manager', display_name: 'Audited One', password: RESET_PASSWORD, disabled: true },
        })
      ).status,
    ).toBe(200);
    expect(await only('user.create')).toMatchObject({
      source: 'audit',
      level: 'info',
      context: { user_id: server.users.administrator.id, username: 'test-admin', object_type: 'user', object_id: String(id), role: 'cashier', has_pin: true },
    });
    expect((await only('user.role')).context).toMatchObject({ from: ['cashier'], to: ['shop_manager'] });
    expect((await only('user.update')).context).toMatchObject({ fields: ['display_name'] });
    expect((await only('user.password_reset')).context).toMatchObject({ object_id: String(id) });
    expect((await only('user.disable')).context.user_id).toBe(server.users.administrator.id);
  });

  it('records role and settings changes and PIN changes', async () => {
    const roles = (await api(server, 'GET', '/roles', { token: tokens.administrator })).body as Array<{ name: string; capabilities: string[] }>;
    const cashierCaps = roles.find((role) => role.name === 'cashier')?.capabilities ?? [];
    expect(
      (await api(server, 'PATCH', '/roles/cashier', { token: tokens.administrator, body: { capabilities: [...cashierCaps, 'manage_stores'] } })).status,
    ).toBe(200);
    expect((await api(server, 'PATCH', '/roles/cashier', { token: tokens.administrator, body: { capabilities: cashierCaps } })).status).toBe(200);
    expect((await audit('&action=role.update')).map((entry) => [entry.context.added, entry.context.removed])).toEqual([
      [[], ['manage_stores']],
      [['manage_stores'], []],
    ]);
    expect((await api(server, 'POST', '/settings/approvals', { token: tokens.shop_manager, body: { required: ['refund'] } })).status).toBe(200);
    expect((await only('settings.update')).context).toMatchObject({ user_id: server.users.shop_manager.id, object_id: 'approvals', keys: ['required'] });
    expect((await api(server, 'PATCH', `/users/${server.users.shop_manager.id}`, { token: tokens.administrator, body: { pin: MANAGER_PIN } })).status).toBe(
      200,
    );
    expect((await only('user.pin')).context).toMatchObject({
      user_id: server.users.administrator.id,
      object_id: String(server.users.shop_manager.id),
      has_pin: true,
    });
  });

  it('records a sale, an approval and the refund it allowed, with amounts and the approval id', async () => {
    const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: catalogue.coffee, quantity: 2 }] } });
    const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_card', payment_data: {} },
      headers: { 'Idempotency-Key': 'audit-sale' },
    });
    expect(paid.status).toBe(200);
    // A replayed checkout is not a second sale.
    await api(server, 'POST', `/orders/${order.body.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_card', payment_data: {} },
      headers: { 'Idempotency-Key': 'audit-sale' },
    });
    const sale = await only('order.sale');
    expect(sale.context).toMatchObject({
      user_id: server.users.cashier.id,
      username: 'test-cashier',
      object_type: 'order',
      object_id: String(order.body.id),
      amounts: { total: order.body.total },
    });

    const approval = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-manager', pin: MANAGER_PIN, action: 'refund', order_id: order.body.id },
    });
    expect(approval.status).toBe(201);
    const granted = await only('approval.grant');
    expect(granted.context).toMatchObject({
      user_id: server.users.shop_manager.id,
      approval_id: approval.body.id,
      approved_action: 'refund',
      requested_by: { id: server.users.cashier.id, username: 'test-cashier' },
      method: 'pin',
      object_id: String(order.body.id),
    });

    const refund = await api(server, 'POST', `/orders/${order.body.id}/refunds`, {
      token: tokens.cashier,
      body: { amount: '3.50', reason: 'spilt' },
      headers: { 'X-POS-Approval': approval.body.token },
    });
    expect(refund.status).toBe(201);
    expect((await only('order.refund')).context).toMatchObject({
      user_id: server.users.cashier.id,
      approval_id: approval.body.id,
      amounts: { amount: '3.50' },
      refund_id: refund.body.id,
      reason: 'spilt',
    });
  });

  it('records hand-set prices, discounts and cancellations', async () => {
    const order = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee, subtotal: '10.00', total: '7.00' }] },
    });
    expect(order.status).toBe(201);
    expect((await only('order.price_override')).context).toMatchObject({ object_id: String(order.body.id), lines: [{ subtotal: '10.00', total: '7.00' }] });
    expect((await only('order.discount')).context).toMatchObject({ percent: '30.00', amounts: { discount_total: order.body.discount_total } });
    expect((await api(server, 'PATCH', `/orders/${order.body.id}`, { token: tokens.cashier, body: { status: 'cancelled' } })).status).toBe(200);
    expect((await only('order.cancel')).context).toMatchObject({ user_id: server.users.cashier.id, from: 'pending', was_paid: false });
  });

  it('filters by user, action and date, and refuses audit filters on other sources', async () => {
    const byCashier = await audit(`&user=${server.users.cashier.id}`);
    expect(byCashier.length).toBeGreaterThan(0);
    expect(byCashier.every((entry) => entry.context.user_id === server.users.cashier.id)).toBe(true);
    expect(await audit(`&after=${startedAt}&action=order.sale`)).toHaveLength(1);
    expect(await audit('&before=2000-01-01T00:00:00')).toEqual([]);
    // Every order here belongs to register 1 (the store's first): their entries name it, nothing else does.
    const register = await audit('&register=1');
    expect(register.length).toBeGreaterThan(0);
    expect(register.every((entry) => entry.context.object_type === 'order' && (entry.context as { register_id?: unknown }).register_id === 1)).toBe(true);
    expect(await audit('&register=999')).toEqual([]);
    const misplaced = await api(server, 'GET', '/logs?source=access&user=1', { token: tokens.shop_manager });
    expect(misplaced.status).toBe(400);
    expect(Object.keys(misplaced.body.data.params)).toEqual(['user']);
    const sources = (await api(server, 'GET', '/logs', { token: tokens.shop_manager })).body.sources as Array<{ source: string; name: string }>;
    expect(sources).toContainEqual({ source: 'audit', name: 'Audit trail', requires_pro: false, is_core: true });
    expect((await api(server, 'GET', '/logs?source=audit', { token: tokens.cashier })).status).toBe(403);
  });

  it('never holds a password or PIN, here or in the log', () => {
    const secrets = [NEW_PASSWORD, RESET_PASSWORD, NEW_PIN, MANAGER_PIN, server.users.cashier.password, server.users.shop_manager.password];
    const dump = withDb(server, (db) =>
      JSON.stringify([db.prepare('SELECT * FROM audit_trail').all(), db.prepare('SELECT * FROM logs').all(), db.prepare('SELECT * FROM approvals').all()]),
    );
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });
});
