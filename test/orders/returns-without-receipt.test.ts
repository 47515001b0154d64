/**
 * `POST /returns`, a return without a receipt, over real HTTP: behind a manager's approval when the
 * settings say so (nothing written without one), refunded through the chosen tender as a journal
 * refund of this register's session (the drawer's expected cash drops for cash; the X and Z reports
 * count it), the items back in stock when asked, and no sale in the journal for the return order.
 */
import { describe, expect, it } from 'vitest';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { api, withDb } from '../helpers/server.js';
import { connect, outboxEntries } from '../helpers/sync.js';
import { startWooCommerceDouble } from '../helpers/woocommerce-double.js';
import { useServer } from '../helpers/use-server.js';

const MANAGER_PIN = '61829304';

const { server, tokens, catalogue } = useServer({ catalogue: 'sale' }, async () => {
  expect((await api(server, 'PATCH', `/users/${server.users.shop_manager.id}`, { token: tokens.administrator, body: { pin: MANAGER_PIN } })).status).toBe(200);
});

const stockOf = async (id: number): Promise<number> => (await api(server, 'GET', `/products/${id}`, { token: tokens.cashier })).body.stock_quantity as number;
const journalKinds = (orderId: number): string[] =>
  withDb(server, (db) =>
    db
      .prepare<[number], { kind: string }>('SELECT kind FROM journal WHERE order_id = ? ORDER BY id')
      .all(orderId)
      .map((row) => row.kind),
  );
const giveBack = (body: unknown, approval?: string) =>
  api(server, 'POST', '/returns', { token: tokens.cashier, body, headers: approval === undefined ? {} : { 'X-POS-Approval': approval } });

describe('a return without a receipt', () => {
  it('needs the manager when set, refunds cash from the drawer, puts the items back, and shows in the Z report', async () => {
    const [register] = (await api(server, 'GET', '/registers', { token: tokens.cashier })).body;
    if (register.session === null) {
      expect((await api(server, 'POST', `/registers/${register.id}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
    }
    const before = (await api(server, 'GET', `/registers/${register.id}/session`, { token: tokens.shop_manager })).body;
    const stockBefore = await stockOf(catalogue.coffee);
    const body = { line_items: [{ product_id: catalogue.coffee, quantity: 2 }], refund_destination: 'pos_cash', restock: true, reason: 'wrong size' };

    expect((await api(server, 'POST', '/settings/approvals', { token: tokens.shop_manager, body: { required: ['return_without_receipt'] } })).status).toBe(200);
    const ordersBefore = (await api(server, 'GET', '/orders?per_page=1', { token: tokens.shop_manager })).headers.get('x-wp-total');
    const refused = await giveBack(body);
    expect([refused.status, refused.body.code, refused.body.data.action]).toEqual([403, 'pos_approval_required', 'return_without_receipt']);
    expect((await api(server, 'GET', '/orders?per_page=1', { token: tokens.shop_manager })).headers.get('x-wp-total')).toBe(ordersBefore);
    expect(await stockOf(catalogue.coffee)).toBe(stockBefore);

    const approval = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: 'test-manager', pin: MANAGER_PIN, action: 'return_without_receipt' },
    });
    expect(approval.status).toBe(201);
    const returned = await giveBack(body, approval.body.token as string);
    expect(returned.status).toBe(201);
    const { order_id: orderId, refund } = returned.body as { order_id: number; refund: { amount: string; line_items: Array<{ quantity: number }> } };
    const order = (await api(server, 'GET', `/orders/${orderId}`, { token: tokens.shop_manager })).body;
    // The return order: the goods at today's price, fully refunded, marked as a return.
    expect(order.status).toBe('refunded');
    expect(refund.amount).toBe(order.total);
    expect(refund.line_items.map((line) => line.quantity)).toEqual([-2]);
    expect(order.meta_data.find((meta: { key: string }) => meta.key === '_pos_return_without_receipt')?.value).toBe('yes');
    expect(journalKinds(orderId)).toEqual(['refund']);
    expect(await stockOf(catalogue.coffee)).toBe(stockBefore + 2);

    const after = (await api(server, 'GET', `/registers/${register.id}/session`, { token: tokens.shop_manager })).body;
    expect(after.sales.count).toBe(before.sales.count);
    expect(after.drawer.cash_refunded).toBe(sumOf(before.drawer.cash_refunded, refund.amount));
    expect(after.drawer.expected_cash).toBe(differenceOf(before.drawer.expected_cash, refund.amount));
    const [entry] = (await api(server, 'GET', `/logs?source=audit&action=order.return&per_page=5`, { token: tokens.shop_manager })).body.entries;
    expect(entry.context).toMatchObject({ approval_id: approval.body.id, register_id: register.id, amounts: { amount: refund.amount } });

    const closed = await api(server, 'POST', `/registers/${register.id}/close`, { token: tokens.cashier, body: { counted_cash: after.drawer.expected_cash } });
    expect(closed.status).toBe(200);
    expect(closed.body.variance).toBe('0.00');
    expect(closed.body.sales.refunds).toBe(sumOf(before.sales.refunds, refund.amount));
    const z = await api(server, 'GET', `/closures/${closed.body.id}?format=text`, { token: tokens.cashier });
    expect(z.body).toContain(refund.amount);
    expect((await api(server, 'POST', '/settings/approvals', { token: tokens.shop_manager, body: { required: [] } })).status).toBe(200);
  });

  it('without restock, the stock stays; by card, the drawer does not move; a tender that does not exist is refused', async () => {
    const [register] = (await api(server, 'GET', '/registers', { token: tokens.cashier })).body;
    expect((await api(server, 'POST', `/registers/${register.id}/open`, { token: tokens.cashier, body: { opening_float: '20.00' } })).status).toBe(201);
    const stockBefore = await stockOf(catalogue.coffee);
    const byCard = await giveBack({ line_items: [{ product_id: catalogue.coffee, quantity: 1 }], refund_destination: 'pos_card', restock: false });
    expect(byCard.status).toBe(201);
    expect(await stockOf(catalogue.coffee)).toBe(stockBefore);
    const session = (await api(server, 'GET', `/registers/${register.id}/session`, { token: tokens.shop_manager })).body;
    expect(session.drawer.expected_cash).toBe('20.00');
    expect(session.refunds).toEqual([expect.objectContaining({ gateway_id: 'pos_card', amount: byCard.body.refund.amount })]);
    const unknown = await giveBack({ line_items: [{ product_id: catalogue.coffee, quantity: 1 }], refund_destination: 'pos_nothing' });
    expect(unknown.status).toBe(404);
    const empty = await giveBack({ line_items: [], refund_destination: 'pos_cash' });
    expect([empty.status, empty.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('is taken while the till is connected to WooCommerce: its refund goes into the outbox, the return order with it (test/sync/push-returns.test.ts)', async () => {
    const double = await startWooCommerceDouble();
    try {
      await connect(server, double);
      const taken = await giveBack({ line_items: [{ product_id: catalogue.coffee, quantity: 1 }], refund_destination: 'pos_card' });
      expect(taken.status).toBe(201);
      expect(
        outboxEntries(server)
          .filter((e) => e.order_id === taken.body.order_id)
          .map((e) => [e.kind, e.refund_id, e.amount]),
      ).toEqual([['refund', taken.body.refund.id, taken.body.refund.amount]]);
    } finally {
      withDb(server, (db) => {
        new SyncConnectionRepository(db).disconnect();
      });
      await double.close();
    }
  });
});

/** Two-decimal amounts in whole cents, for the test's own sums. */
function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount.startsWith('-') ? -value : value;
}
function amountOf(value: number): string {
  const absolute = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
function sumOf(a: string, b: string): string {
  return amountOf(cents(a) + cents(b));
}
function differenceOf(a: string, b: string): string {
  return amountOf(cents(a) - cents(b));
}
