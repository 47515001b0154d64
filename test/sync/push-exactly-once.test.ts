import { describe, expect, it } from 'vitest';
import { type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { type TestServer } from '../helpers/server.js';
import { connect, connectionOf, entryOf, liveOrdersOf, ordersOf, outboxEntries, syncedEntry, Till, uuidOf, waitFor, useSyncServer } from '../helpers/sync.js';

/**
 * Every sale reaches WooCommerce exactly once (issue 23, items 3-4), against the WooCommerce double
 * with its faults: a real Tillbase server, sales over real HTTP, the push worker in the server's
 * process, the double's orders counted.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
const STOCK = 1000;

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'SYNC-1', '2.50', STOCK);
});

const wooStock = (): number | null => double.shop.product(product.woo).stock_quantity;
const soldAtTill = async (): Promise<number> =>
  STOCK - (await till.call<{ stock_quantity: number }>('manager', 'GET', `/products/${product.local}`)).stock_quantity;

describe('the push of sales', () => {
  it('keeps sales made before a connection at the till', async () => {
    const sale = await till.sell(product.local, 1);
    expect(outboxEntries(server).filter((e) => e.order_id === sale.orderId)).toEqual([]);
  });

  it('sends 200 sales made while WooCommerce could not be reached, once each, when the link returns', async () => {
    await double.goOffline();
    await connect(server, double);
    const sales = [];
    for (let i = 0; i < 200; i++) sales.push(await till.sell(product.local, 1));
    await waitFor('the connection to be seen offline', () => (connectionOf(server)?.online === false ? true : undefined));
    const waiting = outboxEntries(server).filter((e) => e.kind === 'sale');
    expect(waiting).toHaveLength(200);
    expect(waiting.every((e) => e.state === 'pending' && e.attempts === 0)).toBe(true);
    expect(double.shop.orders.size).toBe(0);

    const started = Date.now();
    await double.comeOnline();
    await waitFor(
      '200 sales synced',
      () => (outboxEntries(server).filter((e) => e.kind === 'sale' && e.state === 'synced').length === 200 ? true : undefined),
      60_000,
    );
    const seconds = (Date.now() - started) / 1000;
    const orders = [...double.shop.orders.values()].filter((o) => o.created_via === 'tillbase');
    expect(orders).toHaveLength(200);
    expect(new Set(orders.map(uuidOf)).size).toBe(200);
    for (const entry of outboxEntries(server).filter((e) => e.kind === 'sale'))
      expect(liveOrdersOf(double, entry.uuid).map((o) => o.id)).toEqual([entry.woo_id]);
    expect(orders.every((o) => o.status === 'completed' && o.total === '2.50' && o.line_items[0]?.product_id === product.woo)).toBe(true);
    expect(wooStock()).toBe(STOCK - 200);
    expect(connectionOf(server)?.online).toBe(true);
    console.info(`pushed 200 sales to the double in ${seconds.toFixed(1)} s (${(200 / seconds).toFixed(0)} a second)`);
  }, 120_000);

  it('makes no second order when the answer to the first was lost', async () => {
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'drop_after_commit' } });
    const before = wooStock() ?? 0;
    const posts = (): number => double.requests.filter((r) => r.method === 'POST' && r.route === 'orders').length;
    const postsBefore = posts();
    const sale = await till.sell(product.local, 2);
    const entry = await syncedEntry(server, sale.orderId);
    expect(posts() - postsBefore).toBe(1);
    expect(ordersOf(double, entry.uuid).map((o) => o.id)).toEqual([entry.woo_id]);
    expect(wooStock()).toBe(before - 2);
  });

  it('cancels the duplicate a reply slower than the timeout leads to, and the stock comes out right', async () => {
    // Held 3 s before it is carried out: the client gives up at 0.5 s, looks at its next pass (1 s later), finds nothing and sends again.
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'slow_commit', delayMs: 3000 } });
    const before = wooStock() ?? 0;
    const sale = await till.sell(product.local, 3);
    const entry = await waitFor('the duplicate to be cancelled', () => {
      const current = entryOf(server, sale.orderId);
      return current.state === 'synced' && current.duplicates_cancelled.length === 1 ? current : undefined;
    }).catch((error: unknown) => {
      console.info(
        JSON.stringify(entryOf(server, sale.orderId)),
        JSON.stringify(ordersOf(double, entryOf(server, sale.orderId).uuid).map((o) => [o.id, o.status])),
      );
      throw error;
    });
    expect(entry.attempts).toBe(2);
    const orders = ordersOf(double, entry.uuid);
    expect(orders).toHaveLength(2);
    expect(liveOrdersOf(double, entry.uuid).map((o) => o.id)).toEqual([entry.woo_id]);
    expect(orders.find((o) => o.id !== entry.woo_id)?.status).toBe('cancelled');
    expect(entry.duplicates_cancelled).toEqual(orders.filter((o) => o.id !== entry.woo_id).map((o) => o.id));
    expect(wooStock()).toBe(before - 3);
    expect(STOCK - (wooStock() ?? 0)).toBe((await soldAtTill()) - 1); // the sale made before the connection stays local
  });
});
