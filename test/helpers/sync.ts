import { afterAll, beforeAll, expect } from 'vitest';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { SyncOutboxRepository } from '../../server/data/repositories/sync-outbox.js';
import type { OutboxEntry, SyncSettings } from '../../server/model/records/sync.js';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import type { ServeOptions } from '../../server/config.js';
import type { DoubleOrder } from './woocommerce-double-shop.js';
import { startWooCommerceDouble, type WooCommerceDouble } from './woocommerce-double.js';
import { api, login, startTestServer, withDb, type TestServer } from './server.js';

/**
 * Set-up shared by the push tests: a real Tillbase server (file secret store) connected to the
 * WooCommerce double, products at both ends under the same SKU, and sales made over real HTTP.
 */

/**
 * Settings short enough for tests: the grace period, the client's timeout and the sweep in fractions of a second.
 * The server's catalogue pull is put off for an hour: the push tests set up both catalogues themselves (test/sync/connect-guard.test.ts pulls).
 */
export const FAST_SETTINGS: Partial<SyncSettings> = { grace_seconds: 0.2, request_timeout_seconds: 0.5, sweep_minutes: 0.02, interval_seconds: 3600 };

/** Connects the till to the double as `tillbase sync connect` would: the row in the database, the secret in the secret store. */
export async function connect(server: TestServer, double: WooCommerceDouble, settings: Partial<SyncSettings> = FAST_SETTINGS): Promise<void> {
  await (await openFileSecretStore(server.dataDir)).set(CONSUMER_SECRET_ACCOUNT, double.key.consumerSecret);
  withDb(server, (db) => new SyncConnectionRepository(db).connect(double.url, double.key.consumerKey, settings));
}

export const outboxEntries = (server: TestServer): OutboxEntry[] =>
  withDb(server, (db) => new SyncOutboxRepository(db).page(null, 10_000, 0).entries.reverse());
export const connectionOf = (server: TestServer) => withDb(server, (db) => new SyncConnectionRepository(db).find());

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const uuidOf = (order: { meta_data: Array<{ key: string; value: unknown }> }): unknown => order.meta_data.find((m) => m.key === '_tillbase_uuid')?.value;
/** The double's orders made by the till for a sale, live or not. */
export const ordersOf = (double: WooCommerceDouble, uuid: string): DoubleOrder[] =>
  [...double.shop.orders.values()].filter((o) => o.created_via === 'tillbase' && uuidOf(o) === uuid);
export const liveOrdersOf = (double: WooCommerceDouble, uuid: string): DoubleOrder[] =>
  ordersOf(double, uuid).filter((o) => !['cancelled', 'checkout-draft'].includes(o.status));

export class Till {
  private constructor(
    readonly server: TestServer,
    private readonly cashier: string,
    private readonly manager: string,
  ) {}

  static async open(server: TestServer): Promise<Till> {
    return new Till(server, (await login(server, 'cashier')).access_token, (await login(server, 'shop_manager')).access_token);
  }

  async call<T = any>(role: 'cashier' | 'manager', method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await api<T>(this.server, method, path, { token: role === 'cashier' ? this.cashier : this.manager, body, headers });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** A product at the till and the same one (by SKU) in the double, each with `stock` units. */
  async product(double: WooCommerceDouble, sku: string, price: string, stock: number): Promise<{ local: number; woo: number }> {
    const local = (
      await this.call<{ id: number }>('manager', 'POST', '/products', {
        name: `Item ${sku}`,
        sku,
        regular_price: price,
        manage_stock: true,
        stock_quantity: stock,
      })
    ).id;
    const woo = double.shop.createProduct({ name: `Item ${sku}`, sku, regular_price: price, manage_stock: true, stock_quantity: stock }).id;
    return { local, woo };
  }

  /** A sale paid in cash over the API; its journal entry's id is the uuid it goes up with. */
  async sell(productId: number, quantity: number, customerId?: number): Promise<{ orderId: number; lineId: number; total: string }> {
    const order = await this.call<{ id: number; total: string; line_items: Array<{ id: number }> }>('cashier', 'POST', '/orders', {
      line_items: [{ product_id: productId, quantity }],
      ...(customerId === undefined ? {} : { customer_id: customerId }),
    });
    await this.call(
      'cashier',
      'POST',
      `/orders/${order.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
      { 'Idempotency-Key': `pay-${order.id}` },
    );
    return { orderId: order.id, lineId: order.line_items[0]?.id ?? 0, total: order.total };
  }
}

/** The outbox entry of an order's sale (or refund). */
export function entryOf(server: TestServer, orderId: number, kind: 'sale' | 'refund' = 'sale'): OutboxEntry {
  const entry = outboxEntries(server).find((e) => e.order_id === orderId && e.kind === kind);
  expect(entry, `the ${kind} of order ${orderId} has an outbox entry`).toBeDefined();
  return entry as OutboxEntry;
}

export const syncedEntry = (server: TestServer, orderId: number, kind: 'sale' | 'refund' = 'sale'): Promise<OutboxEntry> =>
  waitFor(`the ${kind} of order ${orderId} to be synced`, () => {
    const entry = entryOf(server, orderId, kind);
    return entry.state === 'synced' ? entry : undefined;
  });

export interface SyncFixture {
  double: WooCommerceDouble;
  server: TestServer;
  till: Till;
}

/**
 * The WooCommerce double and a real Tillbase server (file secret store, so the consumer secret has
 * a home) for the tests of the enclosing file or describe block, started before them and closed
 * after; `setup` runs once both are up, with the till's client logged in. Not connected: `connect`
 * does that, where a test wants it.
 */
export function useSyncServer(serve: Partial<ServeOptions> = {}, setup?: (fixture: SyncFixture) => Promise<void> | void): void {
  let fixture: SyncFixture | undefined;
  beforeAll(async () => {
    const double = await startWooCommerceDouble();
    const server = await startTestServer({ secretStore: 'file', ...serve });
    fixture = { double, server, till: await Till.open(server) };
    await setup?.(fixture);
  });
  afterAll(async () => {
    await fixture?.server.close();
    await fixture?.double.close();
  });
}
