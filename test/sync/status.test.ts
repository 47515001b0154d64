import { describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '../../shared/access.js';
import { syncStatusCommand } from '../../server/cli/sync-report.js';
import { type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { captureIo } from './cli-io.js';
import { connect, connectionOf, outboxEntries, syncedEntry, Till, waitFor, useSyncServer } from '../helpers/sync.js';

/**
 * What people see of the sync (issue 23, item 7): `GET /sync/status` for every role, before a
 * connection, while WooCommerce cannot be reached and after the link returns, and `tillbase sync
 * status` saying the same in words. A real server pushing to the WooCommerce double.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
const tokens = {} as Record<RoleName, string>;

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'STATUS-1', '2.50', 100);
  for (const role of ROLES) tokens[role] = (await login(server, role)).access_token;
});

/** The status as each role reads it; every role must read the same answer. */
async function statusForEveryRole(): Promise<any> {
  const answers = [];
  for (const role of ROLES) {
    const response = await api(server, 'GET', '/sync/status', { token: tokens[role] });
    expect(response.status, `${role}: ${JSON.stringify(response.body)}`).toBe(200);
    answers.push(response.body);
  }
  for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  return answers[0];
}

const statusInWords = async (): Promise<string> => {
  const { io, stdout } = captureIo();
  expect(await syncStatusCommand(['--data-dir', server.dataDir, '--secret-store', 'file'], io)).toBe(0);
  return stdout();
};

describe('the sync status', () => {
  it('answers connected: false, with nothing waiting, before the till is connected', async () => {
    await till.sell(product.local, 1);
    const status = await statusForEveryRole();
    expect(status.connected).toBe(false);
    expect(status.connection).toBeNull();
    expect(status.waiting).toEqual({ count: 0, sales: 0, sales_amount: '0.00', refunds: 0, refunds_amount: '0.00' });
    expect(status.oldest_waiting_sale).toBeNull();
    expect(await statusInWords()).toMatch(/^not connected to a WooCommerce/);
    expect((await api(server, 'GET', '/sync/status')).status).toBe(401);
  });

  it('counts the sales made while WooCommerce cannot be reached, with their amount and the oldest of them', async () => {
    await double.goOffline();
    await connect(server, double);
    const sales = [await till.sell(product.local, 1), await till.sell(product.local, 2), await till.sell(product.local, 3)];
    await waitFor('the connection to be seen offline', () => (connectionOf(server)?.online === false ? true : undefined));
    const status = await statusForEveryRole();
    expect(status.connected).toBe(true);
    expect(status.connection).toMatchObject({ url: double.url, state: 'active', paused_reason: null, online: false, last_push_gmt: null });
    expect(status.connection.offline_since_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(status.connection).not.toHaveProperty('consumer_key');
    expect(JSON.stringify(status)).not.toContain(double.key.consumerSecret);
    expect(status.waiting).toEqual({ count: 3, sales: 3, sales_amount: '15.00', refunds: 0, refunds_amount: '0.00' });
    expect(status.states.pending).toEqual(status.waiting);
    expect(status.states.synced.count).toBe(0);
    expect(status.oldest_waiting_sale).toMatchObject({ order_id: sales[0]?.orderId });

    const words = await statusInWords();
    expect(words).toContain(`connected to ${double.url} since `);
    expect(words).toMatch(/^offline since \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/m);
    expect(words).toContain('waiting to go up: 3 sales (15.00)\n');
    expect(words).toContain(`oldest waiting sale: order ${sales[0]?.orderId}, made `);
    expect(words).toContain('last push never');
    expect(words).not.toContain(double.key.consumerSecret);
  });

  it('shows them in WooCommerce once the link returns, online, with the time of the last push', async () => {
    await double.comeOnline();
    await waitFor('3 sales synced', () => (outboxEntries(server).filter((e) => e.state === 'synced').length === 3 ? true : undefined));
    const status = await statusForEveryRole();
    expect(status.connection).toMatchObject({ online: true, offline_since_gmt: null });
    expect(status.connection.last_push_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(status.states.synced).toEqual({ count: 3, sales: 3, sales_amount: '15.00', refunds: 0, refunds_amount: '0.00' });
    expect(status.waiting.count).toBe(0);
    expect(status.oldest_waiting_sale).toBeNull();

    const words = await statusInWords();
    expect(words).toContain('WooCommerce could be reached at the last attempt\n');
    expect(words).toContain('waiting to go up: nothing\n');
    expect(words).toContain('in WooCommerce: 3 sales (15.00)\n');
  });

  it('counts a refund WooCommerce refuses as needing attention', async () => {
    const sale = await till.sell(product.local, 1);
    const saleEntry = await syncedEntry(server, sale.orderId);
    // Someone refunded the whole order in the web shop: the till's refund is then more than is left (§5.3).
    double.shop.createRefund(saleEntry.woo_id ?? 0, { amount: '2.50', api_refund: false });
    await till.call('cashier', 'POST', `/orders/${sale.orderId}/refunds`, { api_restock: false, line_items: [{ id: sale.lineId, quantity: 1 }] });
    await waitFor('the refund to be rejected', () => (outboxEntries(server).some((e) => e.kind === 'refund' && e.state === 'rejected') ? true : undefined));
    const status = await statusForEveryRole();
    expect(status.states.rejected).toEqual({ count: 1, sales: 0, sales_amount: '0.00', refunds: 1, refunds_amount: '2.50' });
    expect(await statusInWords()).toContain('needs attention (refused by WooCommerce): 1 refund (2.50)\n');
  });

  it('prints its help', async () => {
    const { io, stdout } = captureIo();
    expect(await syncStatusCommand(['--help'], io)).toBe(0);
    expect(stdout()).toMatch(/^Usage: tillbase sync status/);
  });
});
