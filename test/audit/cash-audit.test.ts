import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface AuditEntry {
  id: number;
  message: string;
  context: Record<string, unknown> & {
    user_id: number;
    action: string;
    object_type: string;
    object_id: string;
    register_id: number | null;
    approval_id: number | null;
    amounts: Record<string, string>;
  };
}

const MANAGER_PIN = '70418263';

const { server, tokens, catalogue } = useServer({ catalogue: 'sale' }, async () => {
  expect((await api(server, 'PATCH', `/users/${server.users.shop_manager.id}`, { token: tokens.administrator, body: { pin: MANAGER_PIN } })).status).toBe(200);
});

const audit = async (query: string): Promise<AuditEntry[]> => {
  const response = await api<{ entries: AuditEntry[] }>(server, 'GET', `/logs?source=audit&per_page=100${query}`, { token: tokens.shop_manager });
  expect(response.status).toBe(200);
  return response.body.entries;
};
const newRegister = async (name: string): Promise<number> => {
  const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id as number;
};
const cash = (register: number, type: 'in' | 'out', amount: string, approval?: string, token = tokens.cashier) =>
  api(server, 'POST', `/registers/${register}/cash`, {
    token,
    body: { type, amount, reason: `${type} test` },
    headers: approval === undefined ? {} : { 'X-POS-Approval': approval },
  });
const movements = (register: number): number =>
  withDb(
    server,
    (db) =>
      db
        .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM cash_movements m JOIN cash_sessions s ON s.id = m.session_id WHERE s.register_id = ?')
        .get(register)?.n ?? 0,
  );
const requireApprovals = async (required: string[]) => {
  expect((await api(server, 'POST', '/settings/approvals', { token: tokens.shop_manager, body: { required } })).status).toBe(200);
};
const approve = (action: string, orderId?: number) =>
  api(server, 'POST', '/auth/approvals', {
    token: tokens.cashier,
    body: { username: 'test-manager', pin: MANAGER_PIN, action, ...(orderId === undefined ? {} : { order_id: orderId }) },
  });

describe('the audit trail of the cash drawer', () => {
  it('records creating and renaming a register, with what changed', async () => {
    const register = await newRegister('Audit till');
    expect((await api(server, 'PATCH', `/registers/${register}`, { token: tokens.shop_manager, body: { name: 'Audit till 2' } })).status).toBe(200);
    const entries = await audit(`&register=${register}`);
    expect(entries.map((entry) => entry.context.action)).toEqual(['register.update', 'register.create']);
    expect(entries[1]?.context).toMatchObject({
      user_id: server.users.shop_manager.id,
      object_type: 'register',
      object_id: String(register),
      register_id: register,
      name: 'Audit till',
      store_id: 1,
    });
    expect(entries[0]?.context).toMatchObject({ fields: ['name'], changes: { name: { from: 'Audit till', to: 'Audit till 2' } } });
  });

  it('records the open with its float, each movement with amount and reason, and the close with counted, expected and variance', async () => {
    const register = await newRegister('Day till');
    expect((await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '100', note: 'Tuesday' } })).status).toBe(
      201,
    );
    expect((await cash(register, 'in', '20.00')).status).toBe(201);
    expect((await cash(register, 'out', '15.5')).status).toBe(201);
    // 100.00 + 20.00 - 15.50 = 104.50 expected; 104.15 counted is 0.35 short.
    expect((await api(server, 'POST', `/registers/${register}/close`, { token: tokens.cashier, body: { counted_cash: '104.15', note: 'end' } })).status).toBe(
      200,
    );

    const entries = (await audit(`&register=${register}`)).reverse();
    expect(entries.map((entry) => entry.context.action)).toEqual(['register.create', 'session.open', 'cash.in', 'cash.out', 'session.close']);
    const [, opened, cashIn, cashOut, closed] = entries;
    expect(opened?.context).toMatchObject({
      user_id: server.users.cashier.id,
      object_type: 'cash_session',
      register_id: register,
      amounts: { opening_float: '100.00' },
      note: 'Tuesday',
    });
    expect(cashIn?.context).toMatchObject({ object_type: 'cash_movement', amounts: { amount: '20.00' }, reason: 'in test', approval_id: null });
    expect(cashOut?.context).toMatchObject({ amounts: { amount: '15.50' }, reason: 'out test' });
    expect([cashIn?.message, cashOut?.message]).toEqual([
      `test-cashier put in 20.00 at register ${register} (in test)`,
      `test-cashier took out 15.50 at register ${register} (out test)`,
    ]);
    expect(closed?.context).toMatchObject({
      user_id: server.users.cashier.id,
      object_id: opened?.context.object_id,
      amounts: { counted_cash: '104.15', expected_cash: '104.50', variance: '-0.35' },
      z_number: 1,
      opened_by: server.users.cashier.id,
    });
  });

  it('a manager closing a cashier’s session is recorded as a force-close', async () => {
    const register = await newRegister('Forced till');
    await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '10.00' } });
    expect((await api(server, 'POST', `/registers/${register}/close`, { token: tokens.shop_manager, body: { counted_cash: '10.00' } })).status).toBe(200);
    expect(await audit(`&register=${register}&action=session.close`)).toEqual([]);
    const [forced] = await audit(`&register=${register}&action=session.force_close`);
    expect(forced?.context).toMatchObject({
      user_id: server.users.shop_manager.id,
      opened_by: server.users.cashier.id,
      amounts: { counted_cash: '10.00', expected_cash: '10.00', variance: '0.00' },
    });
  });

  it('each tender taken is an entry; order entries carry the order’s register, so ?register= finds a till’s payments, sales and refunds', async () => {
    const register = await newRegister('Sales till');
    const order = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee, quantity: 1 }], meta_data: [{ key: '_pos_register', value: register }] },
    });
    expect(order.status).toBe(201);
    const pay = (key: string, body: Record<string, unknown>) =>
      api(server, 'POST', `/orders/${order.body.id}/checkout`, { token: tokens.cashier, body, headers: { 'Idempotency-Key': key } });
    // The coffee is 10.00 (no tax in this store): 4.00 in cash, then the 6.00 left by card.
    expect((await pay('audit-cash', { gateway_id: 'pos_cash', payment_data: { amount: '4.00', amount_tendered: '4.00' } })).status).toBe(200);
    expect((await pay('audit-card', { gateway_id: 'pos_card', payment_data: { transaction_id: 'T-9' } })).status).toBe(200);
    // A replayed part is not a second payment.
    expect((await pay('audit-card', { gateway_id: 'pos_card', payment_data: { transaction_id: 'T-9' } })).status).toBe(200);
    expect(
      (
        await api(server, 'POST', `/orders/${order.body.id}/refunds`, {
          token: tokens.cashier,
          body: { amount: '1.00', reason: 'cold', refund_destination: 'pos_card' },
        })
      ).status,
    ).toBe(201);
    const orderEntries = (await audit(`&register=${register}`)).filter((entry) => entry.context.object_type === 'order');
    expect(orderEntries.map((entry) => [entry.context.action, entry.context.object_id, entry.context.register_id])).toEqual([
      ['order.refund', String(order.body.id), register],
      ['order.sale', String(order.body.id), register],
      ['order.payment', String(order.body.id), register],
      ['order.payment', String(order.body.id), register],
      ['order.create', String(order.body.id), register],
    ]);
    const [card, cashPart] = orderEntries.slice(2, 4);
    expect(cashPart?.context).toMatchObject({
      user_id: server.users.cashier.id,
      gateway_id: 'pos_cash',
      pays_in_full: false,
      amounts: { amount: '4.00', tendered: '4.00', change: '0.00' },
    });
    expect(card?.context).toMatchObject({ gateway_id: 'pos_card', transaction_id: 'T-9', pays_in_full: true, amounts: { amount: '6.00' } });
  });
});

describe('cash out behind a manager’s approval', () => {
  it('off (the default): a cashier takes cash out without one', async () => {
    const register = await newRegister('Free till');
    await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } });
    expect((await cash(register, 'out', '5.00')).status).toBe(201);
  });

  it('on: cash out needs an approval, cash in does not, a manager never does; nothing is written without one', async () => {
    await requireApprovals(['cash_out']);
    const register = await newRegister('Guarded till');
    await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } });
    const refused = await cash(register, 'out', '5.00');
    expect([refused.status, refused.body.code, refused.body.data.reason, refused.body.data.current_user]).toEqual([
      403,
      'pos_approval_required',
      'approval_required',
      server.users.cashier.id,
    ]);
    expect(movements(register)).toBe(0);
    expect((await cash(register, 'in', '5.00')).status).toBe(201);
    expect((await cash(register, 'out', '1.00', undefined, tokens.shop_manager)).status).toBe(201);

    const approval = await approve('cash_out');
    expect(approval.status).toBe(201);
    const allowed = await cash(register, 'out', '5.00', approval.body.token as string);
    expect(allowed.status).toBe(201);
    const [entry] = await audit(`&register=${register}&action=cash.out&user=${server.users.cashier.id}`);
    expect(entry?.context).toMatchObject({ approval_id: approval.body.id, amounts: { amount: '5.00' } });

    const reused = await cash(register, 'out', '5.00', approval.body.token as string);
    expect([reused.status, reused.body.code, reused.body.data.reason]).toEqual([403, 'pos_approval_invalid', 'approval_used']);
    const wrong = await cash(register, 'out', '5.00', 'not-an-approval');
    expect([wrong.status, wrong.body.data.reason]).toEqual([403, 'approval_invalid']);
    const forRefund = await approve('refund');
    expect((await cash(register, 'out', '5.00', forRefund.body.token as string)).body.data.reason).toBe('approval_mismatch');
    expect(movements(register)).toBe(3);
    await requireApprovals([]);
  });

  it('a refused movement (no open session) leaves the approval unspent', async () => {
    await requireApprovals(['cash_out']);
    const closed = await newRegister('Closed till');
    const approval = await approve('cash_out');
    expect((await cash(closed, 'out', '2.00', approval.body.token as string)).body.code).toBe('pos_register_closed');
    await api(server, 'POST', `/registers/${closed}/open`, { token: tokens.cashier, body: { opening_float: '10.00' } });
    expect((await cash(closed, 'out', '2.00', approval.body.token as string)).status).toBe(201);
    await requireApprovals([]);
  });
});
