import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncVerifyCommand } from '../../server/cli/sync-report.js';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { captureIo } from './cli-io.js';
import { syncedEntry, Till } from '../helpers/sync.js';

/**
 * `tillbase sync verify` against a real WooCommerce (TILLBASE_TEST_WOOCOMMERCE, _KEY, _SECRET): a few
 * sales and a refund pushed, then proven there once each, with the hashes, sequences and amounts the
 * real shop kept. Orders other runs left in the shop belong to no journal of this till and are passed
 * over. It makes a product, orders and a refund: a test shop only.
 */
const url = process.env.TILLBASE_TEST_WOOCOMMERCE;
const key = process.env.TILLBASE_TEST_WOOCOMMERCE_KEY;
const secret = process.env.TILLBASE_TEST_WOOCOMMERCE_SECRET;

describe.skipIf(!url || !key || !secret)('sync verify against a real WooCommerce', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ secretStore: 'file' });
  });
  afterAll(async () => server.close());

  it('proves the sales and the refund it pushed are there once each, chain verified', async () => {
    const client = new WooCommerceClient({ url: url ?? '', consumerKey: key ?? '', consumerSecret: secret ?? '' });
    const till = await Till.open(server);
    const sku = `TB-VERIFY-${Date.now()}`;
    const made = await client.post('products', { name: `Verify ${sku}`, sku, regular_price: '2.00', manage_stock: true, stock_quantity: 100 });
    if (made.kind !== 'ok') throw new Error(`product: ${JSON.stringify(made)}`);
    const local = (
      await till.call<{ id: number }>('manager', 'POST', '/products', {
        name: `Verify ${sku}`,
        sku,
        regular_price: '2.00',
        manage_stock: true,
        stock_quantity: 100,
      })
    ).id;
    await (await openFileSecretStore(server.dataDir)).set(CONSUMER_SECRET_ACCOUNT, secret ?? '');
    withDb(server, (db) => new SyncConnectionRepository(db).connect(url ?? '', key ?? '', { grace_seconds: 5, request_timeout_seconds: 30, sweep_minutes: 1 }));
    const sales = [];
    for (const quantity of [1, 2, 3]) {
      const sale = await till.sell(local, quantity);
      await syncedEntry(server, sale.orderId);
      sales.push(sale);
    }
    const last = sales[2]!;
    await till.call('cashier', 'POST', `/orders/${last.orderId}/refunds`, { api_restock: true, line_items: [{ id: last.lineId, quantity: 1 }] });
    const refund = await syncedEntry(server, last.orderId, 'refund');

    const { io, stdout, stderr } = captureIo();
    const code = await syncVerifyCommand(['--data-dir', server.dataDir, '--secret-store', 'file'], io);
    console.info(`real WooCommerce, sync verify: ${stdout().trim()}`);
    expect(stderr()).not.toContain(secret ?? '');
    expect(stdout()).toBe(`all 3 sales and 1 refund of register ${refund.register_id} up to sequence ${refund.sequence} are in WooCommerce, chain verified\n`);
    expect(code).toBe(0);
  }, 120_000);
});
