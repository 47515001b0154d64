import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { outboxEntries, Till, uuidOf, waitFor } from '../helpers/sync.js';

/**
 * The push against a real WooCommerce (TILLBASE_TEST_WOOCOMMERCE, _KEY, _SECRET): sales made while the
 * connection is paused (standing in for a link that is down: a real shop cannot be unplugged from
 * here), then resumed; every sale must arrive once, and the product's stock there must be right.
 * It makes a product and orders: a test shop only.
 */
const url = process.env.TILLBASE_TEST_WOOCOMMERCE;
const key = process.env.TILLBASE_TEST_WOOCOMMERCE_KEY;
const secret = process.env.TILLBASE_TEST_WOOCOMMERCE_SECRET;
const SALES = Number(process.env.TILLBASE_TEST_WOOCOMMERCE_SALES ?? 50);

describe.skipIf(!url || !key || !secret)('the push to a real WooCommerce', () => {
  let server: TestServer;
  let client: WooCommerceClient;
  beforeAll(async () => {
    server = await startTestServer({ secretStore: 'file' });
    client = new WooCommerceClient({ url: url ?? '', consumerKey: key ?? '', consumerSecret: secret ?? '' });
  });
  afterAll(async () => server.close());

  it(`sends ${SALES} sales made while paused, once each, and the stock comes out right`, async () => {
    const till = await Till.open(server);
    const sku = `TB-PUSH-${Date.now()}`;
    const made = await client.post('products', { name: `Push ${sku}`, sku, regular_price: '2.00', manage_stock: true, stock_quantity: 1000 });
    if (made.kind !== 'ok') throw new Error(`product: ${JSON.stringify(made)}`);
    const wooProduct = (made.body as { id: number }).id;
    const local = (
      await till.call<{ id: number }>('manager', 'POST', '/products', {
        name: `Push ${sku}`,
        sku,
        regular_price: '2.00',
        manage_stock: true,
        stock_quantity: 1000,
      })
    ).id;
    await (await openFileSecretStore(server.dataDir)).set(CONSUMER_SECRET_ACCOUNT, secret ?? '');
    withDb(server, (db) => {
      const connection = new SyncConnectionRepository(db);
      connection.connect(url ?? '', key ?? '', { grace_seconds: 5, request_timeout_seconds: 30, sweep_minutes: 1 });
      connection.pause('test: the link is down');
    });
    for (let i = 0; i < SALES; i++) await till.sell(local, 1);
    expect(outboxEntries(server).filter((e) => e.state === 'pending')).toHaveLength(SALES);

    const started = Date.now();
    withDb(server, (db) => {
      new SyncConnectionRepository(db).resume();
    });
    await waitFor(
      `${SALES} sales synced`,
      () => (outboxEntries(server).filter((e) => e.state === 'synced').length === SALES ? true : undefined),
      SALES * 3000,
    ).catch((error: unknown) => {
      console.info(JSON.stringify(outboxEntries(server).slice(0, 3)));
      throw error;
    });
    const seconds = (Date.now() - started) / 1000;
    const { records } = await client.getAll('orders', {
      created_via: 'tillbase',
      after: new Date(started - 25 * 60_000).toISOString().slice(0, 19),
      dates_are_gmt: 'true',
    });
    const uuids = new Set(outboxEntries(server).map((e) => e.uuid));
    const ours = (records as Array<{ id: number; status: string; meta_data: Array<{ key: string; value: unknown }> }>).filter((o) =>
      uuids.has(String(uuidOf(o))),
    );
    const live = ours.filter((o) => o.status === 'completed');
    const stock = (await client.get(`products/${wooProduct}`)) as { kind: 'ok'; body: { stock_quantity: number } };
    console.info(
      `real WooCommerce: ${SALES} sales sent, ${live.length} orders arrived, ${ours.length - new Set(ours.map(uuidOf)).size} duplicates, stock ${stock.body.stock_quantity} (expected ${1000 - SALES}), ${(SALES / seconds).toFixed(2)} sales a second (${seconds.toFixed(1)} s)`,
    );
    expect(live).toHaveLength(SALES);
    expect(new Set(live.map(uuidOf)).size).toBe(SALES);
    expect(stock.body.stock_quantity).toBe(1000 - SALES);
  }, 600_000);
});
