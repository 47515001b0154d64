/**
 * The day's extras over HTTP: a no-sale (`POST /registers/{id}/no-sale`) audited with who and when,
 * behind a manager's approval when `settings/approvals` names `no_sale`; and `GET /orders?search=`
 * finding a sale by its total as well as by its receipt number.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const MANAGER_PIN = '50417263';

const { server, tokens, catalogue } = useServer({ catalogue: 'sale' }, async () => {
  expect((await api(server, 'PATCH', `/users/${server.users.shop_manager.id}`, { token: tokens.administrator, body: { pin: MANAGER_PIN } })).status).toBe(200);
});

const requireApprovals = async (required: string[]) => {
  expect((await api(server, 'POST', '/settings/approvals', { token: tokens.shop_manager, body: { required } })).status).toBe(200);
};
const noSale = (register: number, approval?: string) =>
  api(server, 'POST', `/registers/${register}/no-sale`, {
    token: tokens.cashier,
    body: { reason: 'change for the parking meter' },
    headers: approval === undefined ? {} : { 'X-POS-Approval': approval },
  });
const noSaleEntries = async (register: number) => {
  const response = await api(server, 'GET', `/logs?source=audit&per_page=50&register=${register}&action=drawer.no_sale`, { token: tokens.shop_manager });
  expect(response.status).toBe(200);
  return response.body.entries as Array<{ context: Record<string, unknown>; message: string }>;
};
const openRegister = async (name: string): Promise<number> => {
  const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name } });
  expect(created.status).toBe(201);
  expect((await api(server, 'POST', `/registers/${created.body.id}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
  return created.body.id as number;
};

describe('a no-sale', () => {
  it('opens the drawer without a sale: audited with who, when and why; the drawer’s sums do not move', async () => {
    const register = await openRegister('No-sale till');
    const before = (await api(server, 'GET', `/registers/${register}/session`, { token: tokens.shop_manager })).body;
    const answer = await noSale(register);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ register_id: register, user_id: server.users.cashier.id, reason: 'change for the parking meter', approval_id: null });
    const [entry, ...others] = await noSaleEntries(register);
    expect(others).toEqual([]);
    expect(entry?.context).toMatchObject({ user_id: server.users.cashier.id, register_id: register, reason: 'change for the parking meter' });
    expect(entry?.message).toContain('without a sale');
    const after = (await api(server, 'GET', `/registers/${register}/session`, { token: tokens.shop_manager })).body;
    expect(after.drawer.expected_cash).toBe(before.drawer.expected_cash);
  });

  it('is refused on a register with no open drawer', async () => {
    const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Shut till' } });
    const refused = await noSale(created.body.id as number);
    expect([refused.status, refused.body.code]).toEqual([400, 'pos_register_closed']);
  });

  it('with no_sale in the approvals: refused without a manager, done with one, which is spent', async () => {
    await requireApprovals(['no_sale']);
    const register = await openRegister('Guarded no-sale till');
    const refused = await noSale(register);
    expect([refused.status, refused.body.code, refused.body.data.action]).toEqual([403, 'pos_approval_required', 'no_sale']);
    expect(await noSaleEntries(register)).toEqual([]);
    const approval = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-manager', pin: MANAGER_PIN, action: 'no_sale' },
    });
    expect(approval.status).toBe(201);
    const allowed = await noSale(register, approval.body.token as string);
    expect(allowed.status).toBe(201);
    expect(allowed.body.approval_id).toBe(approval.body.id);
    const [entry] = await noSaleEntries(register);
    expect(entry?.context).toMatchObject({ approval_id: approval.body.id });
    expect((await noSale(register, approval.body.token as string)).body.data.reason).toBe('approval_used');
    await requireApprovals([]);
  });
});

describe('finding an order', () => {
  it('by its total, typed with or without trailing zeros or a currency sign, and by its receipt number', async () => {
    const created = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee, quantity: 3 }], fee_lines: [{ name: 'Odd fee', total: '0.37' }] },
    });
    expect(created.status).toBe(201);
    const { id, total } = created.body as { id: number; total: string };
    for (const search of [total, total.replace(/0+$/, ''), `$${total}`, String(id)]) {
      const found = await api(server, 'GET', `/orders?search=${encodeURIComponent(search)}&per_page=100`, { token: tokens.cashier });
      expect(found.status).toBe(200);
      expect(
        (found.body as Array<{ id: number }>).map((order) => order.id),
        search,
      ).toContain(id);
    }
    const other = await api(server, 'GET', `/orders?search=${encodeURIComponent('9999.99')}`, { token: tokens.cashier });
    expect(other.body).toEqual([]);
  });
});
