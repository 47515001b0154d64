import { describe, expect, it } from 'vitest';
import { SyncCatalogueRepository } from '../../server/data/repositories/sync-catalogue.js';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { outboxEntries, Till, uuidOf, waitFor } from '../helpers/sync.js';
import { pullWith, resumePushes } from '../helpers/sync-pull.js';

/**
 * test/sync/several-tills.test.ts and the unsent stock of test/sync/pull-unsent-stock.test.ts against
 * a real WooCommerce (TILLBASE_TEST_WOOCOMMERCE, _KEY, _SECRET): three tills, their pushes paused
 * (a real shop cannot be unplugged from here), sell products of their own SKU prefix, then resume.
 * It makes products and orders: a test shop only.
 */
const url = process.env.TILLBASE_TEST_WOOCOMMERCE;
const key = process.env.TILLBASE_TEST_WOOCOMMERCE_KEY;
const secret = process.env.TILLBASE_TEST_WOOCOMMERCE_SECRET;
const START = { A: 100, B: 60, C: 5 };
type Sku = keyof typeof START;

describe.skipIf(!url || !key || !secret)('three tills and a real WooCommerce', () => {
  it("converge with WooCommerce's stock, each sale there once", async () => {
    const client = new WooCommerceClient({ url: url ?? '', consumerKey: key ?? '', consumerSecret: secret ?? '' });
    const prefix = `TB-TILLS-${Date.now()}`;
    const since = new Date(Date.now() - 60_000).toISOString().slice(0, 19);
    const woo = {} as Record<Sku, number>;
    for (const sku of ['A', 'B', 'C'] as Sku[]) {
      const made = await client.post('products', {
        name: `${prefix}-${sku}`,
        sku: `${prefix}-${sku}`,
        regular_price: '3.00',
        manage_stock: true,
        stock_quantity: START[sku],
      });
      if (made.kind !== 'ok') throw new Error(`product: ${JSON.stringify(made)}`);
      woo[sku] = (made.body as { id: number }).id;
    }
    const wooStock = async (sku: Sku): Promise<number> => {
      const read = await client.get(`products/${woo[sku]}`);
      if (read.kind !== 'ok') throw new Error(JSON.stringify(read));
      return (read.body as { stock_quantity: number }).stock_quantity;
    };
    const servers: TestServer[] = [];
    try {
      const tills: Array<{ till: Till; local: Record<Sku, number> }> = [];
      for (let i = 0; i < 3; i++) {
        const server = await startTestServer({ secretStore: 'file' });
        servers.push(server);
        const till = await Till.open(server);
        const local = {} as Record<Sku, number>;
        for (const sku of ['A', 'B', 'C'] as Sku[]) {
          const body = { name: `${prefix}-${sku}`, sku: `${prefix}-${sku}`, regular_price: '3.00', manage_stock: true, stock_quantity: START[sku] };
          local[sku] = (await till.call<{ id: number }>('manager', 'POST', '/products', body)).id;
        }
        await (await openFileSecretStore(server.dataDir)).set(CONSUMER_SECRET_ACCOUNT, secret ?? '');
        withDb(server, (db) => {
          const connection = new SyncConnectionRepository(db);
          connection.connect(url ?? '', key ?? '', { grace_seconds: 5, request_timeout_seconds: 30, sweep_minutes: 1, interval_seconds: 3600 });
          connection.pause('test: the link is down');
          // The shop is shared with a bench (ten thousand products and more): each till's pulls start from now,
          // as incremental ones, matching the test's products by SKU, instead of reading the whole catalogue first.
          const marks = new SyncCatalogueRepository(db);
          marks.setMark('identity', 'matched');
          for (const mark of ['products.modified', 'coupons.modified']) marks.setMark(mark, since);
        });
        tills.push({ till, local });
      }

      const net: Record<Sku, number> = { A: 0, B: 0, C: 0 };
      const tillNet = [0, 0, 0];
      for (const [index, { till, local }] of tills.entries()) {
        const first = await till.sell(local.A, index + 1);
        const second = await till.sell(local.B, 2);
        await till.sell(local.A, 3);
        net.A -= index + 4;
        tillNet[index] = -(index + 4) + 1;
        net.B -= 2;
        await till.call('cashier', 'POST', `/orders/${first.orderId}/refunds`, { api_restock: true, line_items: [{ id: first.lineId, quantity: 1 }] });
        net.A += 1;
        await till.call('cashier', 'POST', `/orders/${second.orderId}/refunds`, { api_restock: false, line_items: [{ id: second.lineId, quantity: 1 }] });
        if (index === 1) {
          await till.call('manager', 'POST', `/products/${local.C}/stock`, { adjust: 7, reason: 'received' });
          net.C += 7;
        }
      }

      // Till 1 pulls while its sales wait: WooCommerce's figure plus its own unsent moves.
      const first = tills[0] as (typeof tills)[number];
      const shown = async (entry: (typeof tills)[number], sku: Sku): Promise<number> =>
        (await entry.till.call<{ stock_quantity: number }>('cashier', 'GET', `/products/${entry.local[sku]}`)).stock_quantity;
      const pullStarted = Date.now();
      await pullWith(servers[0] as TestServer, client, 'incremental');
      const pullSeconds = (Date.now() - pullStarted) / 1000;
      expect(await shown(first, 'A')).toBe(START.A + (tillNet[0] ?? 0));

      const started = Date.now();
      for (const server of servers) resumePushes(server);
      for (const server of servers)
        await waitFor('every entry to go up', () => (outboxEntries(server).every((e) => e.state === 'synced') ? true : undefined), 300_000);
      const pushSeconds = (Date.now() - started) / 1000;

      const sales = servers.flatMap((server) => outboxEntries(server).filter((e) => e.kind === 'sale'));
      const { records } = await client.getAll('orders', {
        created_via: 'tillbase',
        after: new Date(started - 25 * 60_000).toISOString().slice(0, 19),
        dates_are_gmt: 'true',
      });
      const uuids = new Set(sales.map((e) => e.uuid));
      const ours = (records as Array<{ id: number; status: string; meta_data: Array<{ key: string; value: unknown }> }>).filter((o) =>
        uuids.has(String(uuidOf(o))),
      );
      const stock = { A: await wooStock('A'), B: await wooStock('B'), C: await wooStock('C') };
      console.info(
        `real WooCommerce, three tills: ${sales.length} sales, ${ours.length} orders arrived (${ours.filter((o) => o.status === 'refunded').length} since refunded in full), stock ${JSON.stringify(stock)} (expected ${JSON.stringify({ A: START.A + net.A, B: START.B + net.B, C: START.C + net.C })}); pushes took ${pushSeconds.toFixed(1)} s, a pull ${pullSeconds.toFixed(1)} s`,
      );
      // Till 1's first sale, refunded in full, is `refunded` (§17.4).
      expect(ours.map((o) => o.status).sort()).toEqual([...Array<string>(sales.length - 1).fill('completed'), 'refunded']);
      expect(new Set(ours.map(uuidOf)).size).toBe(sales.length);
      expect(stock).toEqual({ A: START.A + net.A, B: START.B + net.B, C: START.C + net.C });

      await Promise.all(servers.map((server) => pullWith(server, client, 'incremental')));
      for (const [index, entry] of tills.entries()) {
        expect({ A: await shown(entry, 'A'), B: await shown(entry, 'B'), C: await shown(entry, 'C') }, `till ${index + 1}`).toEqual(stock);
      }
    } finally {
      for (const server of servers) await server.close();
    }
  }, 900_000);
});
