import { describe, expect, it } from 'vitest';
import { syncVerifyCommand } from '../../server/cli/sync-report.js';
import { type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { captureIo } from './cli-io.js';
import { connect, outboxEntries, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';

/**
 * The routes behind the till's sync screens (issue 23, item 7): `GET /sync/orders`, each order's
 * way up to WooCommerce for the Orders history's badges, read by the cashier too, and
 * `POST /sync/verify`, the proof `tillbase sync verify` prints, for managers. A real server pushing
 * to the WooCommerce double.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let cashier: string;
let manager: string;

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'BADGE-1', '3.00', 100);
  cashier = (await login(server, 'cashier')).access_token;
  manager = (await login(server, 'shop_manager')).access_token;
});

const badges = async (ids: number[]): Promise<any[]> => {
  const response = await api<any[]>(server, 'GET', `/sync/orders?include=${ids.join(',')}`, { token: cashier });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

describe('the routes of the till’s sync screens', () => {
  let local: number;

  it('answers 409 to verify before the till is connected, and no badge for a sale that stays at the till', async () => {
    local = (await till.sell(product.local, 1)).orderId;
    const refused = await api(server, 'POST', '/sync/verify', { token: manager });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('pos_sync_not_connected');
    expect(await badges([local])).toEqual([]);
  });

  it('shows the cashier a synced sale with its WooCommerce order, and a refund WooCommerce refused with its reason', async () => {
    await connect(server, double);
    const synced = await till.sell(product.local, 1);
    const entry = await syncedEntry(server, synced.orderId);
    const refused = await till.sell(product.local, 1);
    const refusedEntry = await syncedEntry(server, refused.orderId);
    // The web shop refunded it all already: the till's refund is then more than is left (§5.3).
    double.shop.createRefund(refusedEntry.woo_id ?? 0, { amount: '3.00', api_refund: false });
    await till.call('cashier', 'POST', `/orders/${refused.orderId}/refunds`, { api_restock: false, line_items: [{ id: refused.lineId, quantity: 1 }] });
    const rejected = await waitFor('the refund to be rejected', () =>
      outboxEntries(server).find((e) => e.kind === 'refund' && e.order_id === refused.orderId && e.state === 'rejected'),
    );

    const answer = await badges([refused.orderId, local, synced.orderId, synced.orderId]);
    expect(answer).toEqual([
      {
        order_id: refused.orderId,
        state: 'rejected',
        woo_id: refusedEntry.woo_id,
        reason: { code: rejected.last_error_code, message: rejected.last_error_message },
      },
      { order_id: synced.orderId, state: 'synced', woo_id: entry.woo_id, reason: null },
    ]);
    expect(rejected.last_error_message).not.toBe('');
  });

  it('refuses a badge request without orders, and without a token', async () => {
    expect((await api(server, 'GET', '/sync/orders', { token: cashier })).status).toBe(400);
    expect((await api(server, 'GET', '/sync/orders?include=1')).status).toBe(401);
  });

  it('answers the manager the proof in the words of tillbase sync verify, and refuses the cashier', async () => {
    // A sale synced after the refused refund puts the refund within what verify looks for (up to the last synced sequence).
    await syncedEntry(server, (await till.sell(product.local, 1)).orderId);
    const answer = await api(server, 'POST', '/sync/verify', { token: manager });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { io, stdout } = captureIo();
    const code = await syncVerifyCommand(['--data-dir', server.dataDir, '--secret-store', 'file'], io);
    expect(answer.body.lines.map((line: string) => `${line}\n`).join('')).toBe(stdout());
    // The refused refund is a finding: the proof is not clean, and the CLI exits 1 as the answer says.
    expect(answer.body.ok).toBe(false);
    expect(code).toBe(1);
    expect(answer.body.chain_ok).toBe(true);
    expect(answer.body.findings).toEqual([expect.objectContaining({ kind: 'missing', detail: 'WooCommerce refused it when it was sent' })]);
    expect(answer.body.registers[0]).toMatchObject({ sales: { expected: 3, found: 3 }, refunds: { expected: 1, found: 0 } });
    expect(JSON.stringify(answer.body)).not.toContain(double.key.consumerSecret);
    expect((await api(server, 'POST', '/sync/verify', { token: cashier })).status).toBe(403);
  });

  it('answers 502 when WooCommerce cannot be read', async () => {
    await double.goOffline();
    try {
      const answer = await api(server, 'POST', '/sync/verify', { token: manager });
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe('pos_sync_unreachable');
      expect(answer.body.message).toContain(double.url);
    } finally {
      await double.comeOnline();
    }
  });
});
