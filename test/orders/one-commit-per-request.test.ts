import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder } from '../helpers/shop-data.js';

/**
 * With `synchronous = FULL` every commit is an fsync, the price of a sale on a till's disk: each
 * write request of the sale path (order, checkout, refund, edit) commits once, its audit entries
 * and journal entry included, so a power cut keeps all of a sale or none of it. Counted from the
 * write-ahead log itself: every commit ends with a frame that records the database's size.
 */

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

/** Commit frames in the live part of the WAL (frames carrying the header's salts). */
function commitsInWal(): number {
  const file = join(server.dataDir, 'tillbase.db-wal');
  if (!existsSync(file)) return 0;
  const wal = readFileSync(file);
  if (wal.length < WAL_HEADER_BYTES) return 0;
  const pageSize = wal.readUInt32BE(8);
  const [salt1, salt2] = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let commits = 0;
  for (let offset = WAL_HEADER_BYTES; offset + FRAME_HEADER_BYTES + pageSize <= wal.length; offset += FRAME_HEADER_BYTES + pageSize) {
    if (wal.readUInt32BE(offset + 8) !== salt1 || wal.readUInt32BE(offset + 12) !== salt2) break;
    if (wal.readUInt32BE(offset + 4) !== 0) commits += 1;
  }
  return commits;
}

/** How many transactions `request` committed: the WAL is emptied first, so no checkpoint can restart it in between. */
async function commitsOf<T>(request: () => Promise<T>): Promise<{ commits: number; result: T }> {
  withDb(server, (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
  const before = commitsInWal();
  const result = await request();
  return { commits: commitsInWal() - before, result };
}

const auditActions = async (orderId: number): Promise<string[]> => {
  const manager = (await login(server, 'shop_manager')).access_token;
  type Entry = { context: { action: string; object_type: string; object_id: string } };
  const response = await api<{ entries: Entry[] }>(server, 'GET', '/logs?source=audit&per_page=100', { token: manager });
  expect(response.status).toBe(200);
  return response.body.entries
    .filter((entry) => entry.context.object_type === 'order' && entry.context.object_id === String(orderId))
    .map((entry) => entry.context.action)
    .sort();
};

describe('one commit per write request on the sale path', () => {
  it('an order, its checkout, a refund and an edit each commit once, with their audit and journal entries', async () => {
    const created = await commitsOf(() =>
      createOrder(server, tokens.cashier, {
        line_items: [
          { product_id: catalogue.coffee, quantity: 2 },
          { product_id: catalogue.tea, quantity: 1 },
        ],
      }),
    );
    expect(created.commits).toBe(1);
    const order = created.result;

    const edited = await commitsOf(() => api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { customer_note: 'no sugar' } }));
    expect(edited.result.status).toBe(200);
    expect(edited.commits).toBe(1);

    const paid = await commitsOf(() =>
      api(server, 'POST', `/orders/${order.id}/checkout`, {
        token: tokens.cashier,
        body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
        headers: { 'idempotency-key': `one-commit-${order.id}` },
      }),
    );
    expect([paid.result.status, paid.result.body.status]).toEqual([200, 'completed']);
    expect(paid.commits).toBe(1);

    // A replay answers from the stored attempt and writes nothing.
    const replay = await commitsOf(() =>
      api(server, 'POST', `/orders/${order.id}/checkout`, {
        token: tokens.cashier,
        body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
        headers: { 'idempotency-key': `one-commit-${order.id}` },
      }),
    );
    expect(replay.result.body).toEqual(paid.result.body);
    expect(replay.commits).toBe(0);

    const line = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.line_items[1];
    const refunded = await commitsOf(() =>
      api(server, 'POST', `/orders/${order.id}/refunds`, {
        token: tokens.cashier,
        body: { line_items: [{ id: line.id, quantity: 1 }], refund_destination: 'pos_cash', reason: 'spilt' },
      }),
    );
    expect(refunded.result.status).toBe(201);
    expect(refunded.commits).toBe(1);

    expect(await auditActions(order.id)).toEqual(['order.create', 'order.payment', 'order.refund', 'order.sale']);
    const journal = withDb(server, (db) =>
      db.prepare<[number], { kind: string }>('SELECT kind FROM journal WHERE order_id = ? ORDER BY sequence').all(order.id),
    );
    expect(journal.map((entry) => entry.kind)).toEqual(['sale', 'refund']);
  });
});
