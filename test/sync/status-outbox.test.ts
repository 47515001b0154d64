import { describe, expect, it } from 'vitest';
import { type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { connect, outboxEntries, syncedEntry, Till, waitFor, useSyncServer } from '../helpers/sync.js';

/**
 * The outbox as managers see it (issue 23, item 7): `GET /sync/outbox` paged and filtered by state,
 * retry and "mark handled", all for manage_sync only. A real server pushing to the WooCommerce double.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let admin: string;
let manager: string;
let cashier: string;
const sales: Array<{ orderId: number; lineId: number }> = [];

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'OUTBOX-1', '3.00', 100);
  admin = (await login(server, 'administrator')).access_token;
  manager = (await login(server, 'shop_manager')).access_token;
  cashier = (await login(server, 'cashier')).access_token;
  await connect(server, double);
  for (let i = 0; i < 3; i++) sales.push(await till.sell(product.local, 1));
  for (const sale of sales) await syncedEntry(server, sale.orderId);
});

/** A refund of the last sale that WooCommerce refuses: the order was refunded in full in the web shop first (§5.3). */
async function rejectedRefund(): Promise<number> {
  const sale = sales[2]!;
  const wooId = (await syncedEntry(server, sale.orderId)).woo_id ?? 0;
  double.shop.createRefund(wooId, { amount: '3.00', api_refund: false });
  await till.call('cashier', 'POST', `/orders/${sale.orderId}/refunds`, { api_restock: false, line_items: [{ id: sale.lineId, quantity: 1 }] });
  return waitFor('the refund to be rejected', () => outboxEntries(server).find((e) => e.kind === 'refund' && e.state === 'rejected')?.id);
}

describe('the outbox', () => {
  it('is paged, newest first, with X-WP-Total, and each entry says what it is and where it got', async () => {
    const first = await api(server, 'GET', '/sync/outbox?per_page=2', { token: manager });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-wp-total')).toBe('3');
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.body.map((e: { order_id: number }) => e.order_id)).toEqual([sales[2]!.orderId, sales[1]!.orderId]);
    const second = await api(server, 'GET', '/sync/outbox?per_page=2&page=2', { token: admin });
    expect(second.body.map((e: { order_id: number }) => e.order_id)).toEqual([sales[0]!.orderId]);
    const entry = second.body[0];
    const wooOrder = [...double.shop.orders.values()].find((o) => o.meta_data.some((m) => m.key === '_tillbase_uuid' && m.value === entry.uuid));
    expect(entry).toMatchObject({ kind: 'sale', state: 'synced', woo_id: wooOrder?.id, attempts: 1, last_error: null });
    expect(entry.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('filters by state, and refuses a state that does not exist', async () => {
    const synced = await api(server, 'GET', '/sync/outbox?state=synced', { token: manager });
    expect(synced.headers.get('x-wp-total')).toBe('3');
    const pending = await api(server, 'GET', '/sync/outbox?state=pending', { token: manager });
    expect(pending.body).toEqual([]);
    expect(pending.headers.get('x-wp-total')).toBe('0');
    const wrong = await api(server, 'GET', '/sync/outbox?state=lost', { token: manager });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('rest_invalid_param');
  });

  it('retries a rejected entry, which goes up again, and marks it handled; neither for an entry that is done', async () => {
    const id = await rejectedRefund();
    const rejected = await api(server, 'GET', '/sync/outbox?state=rejected', { token: manager });
    expect(rejected.body).toHaveLength(1);
    expect(rejected.body[0]).toMatchObject({ id, kind: 'refund', attempts: 1, last_error: { code: 'woocommerce_rest_cannot_create_order_refund' } });

    const retried = await api(server, 'POST', `/sync/outbox/${id}/retry`, { token: manager });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ id, kind: 'refund' });
    // Sent again, and refused again: WooCommerce still has nothing left to refund.
    await waitFor('the retried refund to be refused again', () => {
      const entry = outboxEntries(server).find((e) => e.id === id);
      return entry?.state === 'rejected' && entry.attempts === 2 ? true : undefined;
    });

    const handled = await api(server, 'POST', `/sync/outbox/${id}/handled`, { token: admin });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ id, state: 'handled' });
    expect((await api(server, 'GET', '/sync/outbox?state=handled', { token: manager })).body.map((e: { id: number }) => e.id)).toEqual([id]);

    const again = await api(server, 'POST', `/sync/outbox/${id}/retry`, { token: manager });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'pos_sync_entry_not_retryable', data: { entry_state: 'handled' } });
    const syncedId = outboxEntries(server).find((e) => e.state === 'synced')?.id;
    const handleSynced = await api(server, 'POST', `/sync/outbox/${syncedId}/handled`, { token: manager });
    expect(handleSynced.status).toBe(409);
    expect(handleSynced.body.code).toBe('pos_sync_entry_not_handleable');
    const missing = await api(server, 'POST', '/sync/outbox/999999/retry', { token: manager });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('pos_rest_sync_outbox_invalid_id');
  });

  it('is refused to a cashier, who still reads the status', async () => {
    const id = outboxEntries(server)[0]?.id ?? 0;
    for (const [method, path] of [
      ['GET', '/sync/outbox'],
      ['POST', `/sync/outbox/${id}/retry`],
      ['POST', `/sync/outbox/${id}/handled`],
    ] as const) {
      const response = await api(server, method, path, { token: cashier });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(outboxEntries(server).find((e) => e.id === id)?.state).toBe('synced');
    expect((await api(server, 'GET', '/sync/status', { token: cashier })).status).toBe(200);
  });
});
