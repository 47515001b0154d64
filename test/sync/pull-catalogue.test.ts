import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../server/composition.js';
import { openDataDirDatabase } from '../../server/start.js';
import type { PullProgress, PullReport } from '../../server/sync/pull/catalogue.js';
import { WooCommerceClient, type WooCommerceOutcome } from '../../server/sync/shop/client.js';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';

/** The catalogue's pull (issue 23, item 2) from the WooCommerce double into a real till, read back over its HTTP API. */

let double: WooCommerceDouble;
let server: TestServer;
let woo: WooCommerceClient;
let token: string;

function body(outcome: WooCommerceOutcome): any {
  if (outcome.kind !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome.body;
}

/** One pull over a connection of its own, as `tillbase sync pull` runs it. */
async function pull(kind: 'full' | 'incremental', progress: PullProgress[] = []): Promise<PullReport> {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const puller = createServices(db).cataloguePull(woo, { onProgress: (p) => progress.push(p) });
    return await (kind === 'full' ? puller.full() : puller.incremental());
  } finally {
    db.close();
  }
}

const tillProduct = async (id: number): Promise<any> => (await api(server, 'GET', `/products/${id}`, { token })).body;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const isoSeconds = (offsetMs: number): string => new Date(Date.now() + offsetMs).toISOString().slice(0, 19);

beforeEach(async () => {
  double = await startWooCommerceDouble();
  server = await startTestServer();
  woo = new WooCommerceClient({ url: double.url, consumerKey: double.key.consumerKey, consumerSecret: double.key.consumerSecret });
  token = (await login(server, 'administrator')).access_token;
});
afterEach(async () => {
  await server.close();
  await double.close();
});

describe('the first pull into an empty till', () => {
  it('keeps WooCommerce ids for products, variations, terms, coupons and tax rates, counts what it made, and reports progress', async () => {
    const category = body(await woo.post('products/categories', { name: 'Bakery' }));
    const brand = body(await woo.post('products/brands', { name: 'Acme' }));
    const taxClass = body(await woo.post('taxes/classes', { name: 'Food' }));
    const rate = body(await woo.post('taxes', { country: 'US', rate: '7.25', name: 'Sales tax', class: taxClass.slug }));
    const products = [];
    for (let n = 0; n < 130; n++)
      products.push(
        body(
          await woo.post('products', {
            name: `Bread ${n}`,
            sku: `BRD-${n}`,
            regular_price: '3.50',
            manage_stock: true,
            stock_quantity: 12,
            categories: [{ id: category.id }],
            brands: [{ id: brand.id }],
            tax_class: taxClass.slug,
          }),
        ),
      );
    const shirt = body(
      await woo.post('products', { name: 'Shirt', type: 'variable', sku: 'SHIRT', attributes: [{ name: 'Size', variation: true, options: ['S', 'M'] }] }),
    );
    const small = body(
      await woo.post(`products/${shirt.id}/variations`, { sku: 'SHIRT-S', regular_price: '20.00', attributes: [{ name: 'Size', option: 'S' }] }),
    );
    const coupon = body(await woo.post('coupons', { code: 'tenoff', discount_type: 'percent', amount: '10' }));
    double.catalogue.settings.tax.set('woocommerce_prices_include_tax', 'yes');

    const progress: PullProgress[] = [];
    const report = await pull('full', progress);

    expect(report.kind).toBe('full');
    expect(report.counts.products).toEqual({ created: 131, updated: 0, deleted: 0, local_only: 0, skipped: 0 });
    expect(report.counts.variations.created).toBe(1);
    expect(report.counts.categories.created).toBe(2); // Bakery and WooCommerce's own "Uncategorized"
    expect(report.counts.brands.created).toBe(1);
    expect(report.counts.coupons.created).toBe(1);
    expect(report.counts.tax_rates.created).toBe(1);
    expect(report.counts.settings.updated).toBe(1);
    // Two pages of products, each reported as it was written.
    expect(progress.filter((p) => p.resource === 'products').slice(0, 2)).toEqual([
      { resource: 'products', done: 100, total: 131 },
      { resource: 'products', done: 131, total: 131 },
    ]);

    const bread = await tillProduct(products[7].id);
    expect(bread).toMatchObject({ id: products[7].id, sku: 'BRD-7', regular_price: '3.50', stock_quantity: 12, tax_class: taxClass.slug });
    expect(bread.categories.map((c: any) => c.id)).toEqual([category.id]);
    expect(bread.brands.map((b: any) => b.id)).toEqual([brand.id]);
    const variation = (await api(server, 'GET', `/products/${shirt.id}/variations/${small.id}`, { token })).body;
    expect(variation).toMatchObject({ id: small.id, parent_id: shirt.id, sku: 'SHIRT-S', price: '20.00' });
    expect((await api(server, 'GET', `/coupons/${coupon.id}`, { token })).body).toMatchObject({ id: coupon.id, code: 'tenoff', amount: '10.00' });
    expect((await api(server, 'GET', `/taxes/${rate.id}`, { token })).body).toMatchObject({ id: rate.id, rate: '7.2500', class: taxClass.slug });
    expect((await api(server, 'GET', '/stores/1', { token })).body).toMatchObject({ prices_include_tax: true });

    // A second pull with nothing changed in WooCommerce writes nothing new.
    const again = await pull('incremental');
    expect(again.kind).toBe('incremental');
    expect(again.counts.products.created).toBe(0);
    expect(again.counts.products.deleted).toBe(0);
  });

  it('reads every product once when hundreds share their creation second (pages in id order, not newest first)', async () => {
    for (let n = 0; n < 300; n++) body(await woo.post('products', { name: `Tin ${n}`, sku: `TIN-${n}`, regular_price: '1.00' }));
    const report = await pull('full');
    expect(report.counts.products.created).toBe(300);
    const listed = (await api(server, 'GET', '/products?per_page=1&sku=TIN-299', { token })).body;
    expect(listed).toHaveLength(1);
    expect(withDb(server, (db) => db.prepare("SELECT COUNT(*) AS n FROM products WHERE sku LIKE 'TIN-%'").get())).toEqual({ n: 300 });
  }, 90_000);
});

describe('incremental pulls', () => {
  it('bring a price change, by modified_after with an overlap, and trash a product deleted in WooCommerce', async () => {
    const kept = body(await woo.post('products', { name: 'Kept', sku: 'KEEP', regular_price: '5.00' }));
    const gone = body(await woo.post('products', { name: 'Gone', sku: 'GONE', regular_price: '6.00' }));
    await pull('full');
    expect((await tillProduct(kept.id)).price).toBe('5.00');

    await sleep(1100); // modified_after compares whole seconds (§9)
    body(await woo.put(`products/${kept.id}`, { regular_price: '5.50' }));
    body(await woo.delete(`products/${gone.id}`, { force: true }));
    const requestsBefore = double.requests.length;
    const report = await pull('incremental');

    expect(report.counts.products).toMatchObject({ created: 0, updated: 1, deleted: 1 });
    expect((await tillProduct(kept.id)).price).toBe('5.50');
    expect((await tillProduct(gone.id)).status).toBe('trash');
    const productReads = double.requests.slice(requestsBefore).filter((r) => r.route === 'products');
    expect(productReads.length).toBeGreaterThan(0);
  });
});

describe('a till that already had a catalogue', () => {
  it('matches products by SKU, keeps its own ids for them, and marks those WooCommerce lacks as local-only', async () => {
    const admin = token;
    const local = (await api(server, 'POST', '/products', { token: admin, body: { name: 'Till croissant', sku: 'CRO-1', regular_price: '2.00' } })).body;
    const ownOnly = (await api(server, 'POST', '/products', { token: admin, body: { name: 'Till special', sku: 'TILL-ONLY', regular_price: '9.00' } })).body;
    const remote = body(await woo.post('products', { name: 'Croissant', sku: 'CRO-1', regular_price: '2.40' }));
    const remoteNew = body(await woo.post('products', { name: 'Baguette', sku: 'BAG-1', regular_price: '3.10' }));

    const report = await pull('full');

    expect(report.counts.products).toMatchObject({ created: 1, updated: 1, local_only: 1 });
    expect(await tillProduct(local.id)).toMatchObject({ id: local.id, name: 'Croissant', price: '2.40' });
    expect(await tillProduct(ownOnly.id)).toMatchObject({ name: 'Till special', status: 'publish' });
    const mapped = withDb(server, (db) => {
      const ids = createServices(db).repositories.syncCatalogue;
      return { croissant: ids.mapping('product', remote.id)?.localId, baguette: ids.mapping('product', remoteNew.id)?.localId, localOnly: ids.localOnly() };
    });
    expect(mapped.croissant).toBe(local.id);
    expect(mapped.localOnly).toEqual([ownOnly.id]);
    expect(mapped.baguette).not.toBe(undefined);
    expect((await tillProduct(mapped.baguette ?? 0)).sku).toBe('BAG-1');
  });
});

describe('sale prices', () => {
  it("follow their dates at the till, not WooCommerce's `price` of the moment it was saved", async () => {
    // Ends two seconds from now: WooCommerce's answer says 8.00 and goes on saying so until its daily job runs.
    const ending = body(
      await woo.post('products', { name: 'Ending', sku: 'END', regular_price: '10.00', sale_price: '8.00', date_on_sale_to_gmt: isoSeconds(2000) }),
    );
    const ended = body(
      await woo.post('products', {
        name: 'Ended',
        sku: 'ENDED',
        regular_price: '10.00',
        sale_price: '8.00',
        date_on_sale_from_gmt: isoSeconds(-3 * 86_400_000),
        date_on_sale_to_gmt: isoSeconds(-86_400_000),
      }),
    );
    expect(ending.price).toBe('8.00');
    expect(ended).toMatchObject({ price: '10.00', sale_price: '8.00' });
    await pull('full');

    expect(await tillProduct(ending.id)).toMatchObject({ price: '8.00', on_sale: true });
    expect(await tillProduct(ended.id)).toMatchObject({ price: '10.00', on_sale: false, sale_price: '8.00' });
    await sleep(3100);
    expect(body(await woo.get(`products/${ending.id}`)).price).toBe('8.00');
    expect(await tillProduct(ending.id)).toMatchObject({ price: '10.00', on_sale: false });
  });
});
