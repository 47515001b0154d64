import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '../../shared/access.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { storeFieldsSchema } from '../../server/model/stores.js';
import { openDataDirDatabase, userAdminFor } from '../../server/start.js';
import { serve, type ServeProcess } from '../helpers/cli.js';
import { makeDataDir, withDb, type TestServer, type TestUser } from '../helpers/server.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { connect, entryOf, ordersOf, syncedEntry, Till, waitFor } from '../helpers/sync.js';
import { pausePushes, resumePushes } from '../helpers/sync-pull.js';

/**
 * kill -9 while a sale is `sending` (issue 23, item 4): the built server runs as a child process; the
 * double makes the order and holds its answer; the child is killed with SIGKILL between the commit of
 * `sending` and the answer. After a restart the entry is unknown, looked up after the grace period,
 * and found: exactly one order. The same for a return without a receipt killed between its return
 * order and its refund: one order, one refund.
 */
let double: WooCommerceDouble;
let dataDir: string;
let child: ServeProcess | undefined;

async function startChild(): Promise<TestServer> {
  child = await serve(['--data-dir', dataDir, '--host', '127.0.0.1', '--port', '0', '--secret-store', 'file', '--no-demo', '--log-level', 'silent']);
  return {
    origin: child.apiUrl.replace(/\/pos\/v1$/, ''),
    apiUrl: child.apiUrl,
    dataDir,
    users,
    close: async () => {
      await child?.stop();
    },
  };
}

const users = {} as Record<RoleName, TestUser>;

beforeAll(async () => {
  double = await startWooCommerceDouble();
  dataDir = makeDataDir();
  const db = openDataDirDatabase(dataDir);
  try {
    for (const role of ['shop_manager', 'cashier'] as const) {
      const password = `${role}-password-1`;
      const record = await userAdminFor(db).addUser({ username: `crash-${role}`, role, password, email: `crash-${role}@example.test` });
      users[role] = { id: record.id, username: `crash-${role}`, password };
    }
    const stores = new StoresRepository(db);
    const store = stores.defaultStore();
    stores.update(store.id, store.name, storeFieldsSchema.parse({ ...store, require_open_session: false }), store.meta_data);
  } finally {
    db.close();
  }
});
afterAll(async () => {
  await child?.stop('SIGKILL');
  await double.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed while a sale is being sent', () => {
  it('makes exactly one order after the restart', async () => {
    let server = await startChild();
    let till = await Till.open(server);
    // Before connecting: while connected the catalogue is WooCommerce's, and the till's writes to it are refused.
    const product = await till.product(double, 'CRASH-1', '3.00', 50);
    // The client would wait 30 s for the held answer: the kill comes long before.
    await connect(server, double, { grace_seconds: 0.2, request_timeout_seconds: 30, sweep_minutes: 0.02, interval_seconds: 3600 });
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'slow_reply', delayMs: 60_000 } });
    const sale = await till.sell(product.local, 2);

    const sending = await waitFor('the sale to be sending, its order made', () => {
      const entry = entryOf(server, sale.orderId);
      return entry.state === 'sending' && ordersOf(double, entry.uuid).length === 1 ? entry : undefined;
    });
    expect(await child?.stop('SIGKILL')).toBe('SIGKILL');
    expect(entryOf(server, sale.orderId).state).toBe('sending');

    server = await startChild();
    till = await Till.open(server);
    const entry = await syncedEntry(server, sale.orderId);
    expect(double.requests.filter((r) => r.method === 'POST' && r.route === 'orders')).toHaveLength(1);
    expect(ordersOf(double, sending.uuid).map((o) => o.id)).toEqual([entry.woo_id]);
    expect(double.shop.product(product.woo).stock_quantity).toBe(48);
  }, 60_000);

  it('makes exactly one return order and one refund when killed between the two', async () => {
    await child?.stop(); // the server the test above restarted
    let server = await startChild();
    let till = await Till.open(server);
    // A connected till's catalogue is WooCommerce's: the product is made at the till while it is not connected.
    withDb(server, (db) => {
      new SyncConnectionRepository(db).disconnect();
    });
    const product = await till.product(double, 'CRASH-2', '3.00', 50);
    const wooOrdersBefore = double.shop.orders.size;
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'slow_reply', delayMs: 60_000 } });
    await connect(server, double, { grace_seconds: 0.2, request_timeout_seconds: 30, sweep_minutes: 0.02, interval_seconds: 3600 });
    const returned = await till.call<{ order_id: number }>('cashier', 'POST', '/returns', {
      line_items: [{ product_id: product.local, quantity: 2 }],
      refund_destination: 'pos_cash',
      restock: true,
    });
    const sending = await waitFor('the return to be sending, its order made and no refund yet', () => {
      const entry = entryOf(server, returned.order_id, 'refund');
      return entry.state === 'sending' && ordersOf(double, entry.uuid).length === 1 ? entry : undefined;
    });
    expect(await child?.stop('SIGKILL')).toBe('SIGKILL');
    expect(double.shop.orders.size - wooOrdersBefore).toBe(1);

    server = await startChild();
    till = await Till.open(server);
    const entry = await syncedEntry(server, returned.order_id, 'refund');
    const orders = ordersOf(double, sending.uuid);
    expect(orders.map((o) => o.status)).toEqual(['refunded']);
    expect([...double.shop.refunds.values()].filter((r) => r.parent_id === orders[0]?.id).map((r) => r.id)).toEqual([entry.woo_id]);
    expect(double.shop.product(product.woo).stock_quantity).toBe(52);
  }, 60_000);
});

describe('a server killed while a batch of sales is being sent', () => {
  it('makes each order exactly once after the restart', async () => {
    await child?.stop(); // the server the tests above left running
    let server = await startChild();
    let till = await Till.open(server);
    withDb(server, (db) => {
      new SyncConnectionRepository(db).disconnect();
    });
    const product = await till.product(double, 'CRASH-3', '3.00', 50);
    await connect(server, double, { grace_seconds: 0.2, request_timeout_seconds: 30, sweep_minutes: 0.02, interval_seconds: 3600 });
    // The sales wait together, then go as one batch, whose answer WooCommerce holds back.
    pausePushes(server);
    const sales: Array<{ orderId: number }> = [];
    for (const quantity of [1, 2, 3, 4]) sales.push(await till.sell(product.local, quantity));
    const from = double.requests.length;
    double.inject({ method: 'POST', route: /^orders\/batch$/, fault: { kind: 'slow_reply', delayMs: 60_000 } });
    resumePushes(server);
    await waitFor('the batch to be sending, its orders made', () => {
      const entries = sales.map((sale) => entryOf(server, sale.orderId));
      return entries.every((e) => e.state === 'sending' && ordersOf(double, e.uuid).length === 1) ? entries : undefined;
    });
    expect(await child?.stop('SIGKILL')).toBe('SIGKILL');

    server = await startChild();
    till = await Till.open(server);
    for (const sale of sales) {
      const entry = await syncedEntry(server, sale.orderId);
      expect(ordersOf(double, entry.uuid).map((o) => o.id)).toEqual([entry.woo_id]);
    }
    const posts = double.requests.slice(from).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.route)).toEqual(['orders/batch']);
    expect(double.shop.product(product.woo).stock_quantity).toBe(40);
  }, 60_000);
});
