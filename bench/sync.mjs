// The sync section of `npm run bench` (issue 23): a till against a real WooCommerce, each figure beside
// WooCommerce's own time for the same calls made by the same client (the sync's, from dist) with
// nothing else done: the first pull of a shop of 10,000+ products, and the push of sales made while
// the connection was paused. Skipped, saying why, unless TILLBASE_BENCH_WOOCOMMERCE, _KEY and _SECRET
// are set. The bench's products and orders go into that shop and stay there (products made once).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServices } from '../dist/server/composition.js';
import { itemsOfType } from '../dist/server/model/orders/types.js';
import { openSecretStore } from '../dist/server/secrets/open-secret-store.js';
import { openDataDirDatabase, userAdminFor } from '../dist/server/start.js';
import { orderBody } from '../dist/server/sync/push/order-body.js';
import { META, uuidOf } from '../dist/server/sync/shop/our-orders.js';
import { WooCommerceClient } from '../dist/server/sync/shop/client.js';
import { loginToken, openRegister, runTills, startServe } from './sales-load.mjs';
import { BENCH_PRODUCTS, BENCH_SKU_PREFIX, benchClient, benchShopFromEnv, benchSku, ensureBenchProducts, okBody } from './woocommerce-shop.mjs';

const SALES = 100;
/** The bench's products the sales ring up: 20 spread over them, so each is one of the pulled ones. */
const soldSkus = (products) => Array.from({ length: 20 }, (_, index) => benchSku(Math.floor((index * products) / 20)));
/** The connect's client waits as long as the server's (the connection's request_timeout_seconds). */
const REQUEST_TIMEOUT_MS = 30_000;
const seconds = (since) => (performance.now() - since) / 1000;

/**
 * Every request the sync's client sends while `work` runs (whichever client the code under test
 * makes), in order, with the kind of its outcome and how long WooCommerce took to answer it.
 */
async function recordingRequests(work) {
  const calls = [];
  const send = WooCommerceClient.prototype.request;
  WooCommerceClient.prototype.request = async function recorded(call) {
    const start = performance.now();
    const outcome = await send.call(this, call);
    calls.push({ call, kind: outcome.kind, ms: performance.now() - start });
    return outcome;
  };
  try {
    return { result: await work(), calls };
  } finally {
    WooCommerceClient.prototype.request = send;
  }
}

/**
 * (a) A till connects from empty and pulls the whole shop, the key check included, as `tillbase sync
 * connect` does it (the same services, in this process so that its requests can be recorded). Then
 * WooCommerce's own time: the recorded requests sent again, back to back, by the same client.
 */
async function firstPull(shop, dataDir, report, expectedProducts) {
  const db = openDataDirDatabase(dataDir);
  try {
    const secrets = await openSecretStore({ choice: 'file', dataDir, warn: (message) => console.error(message) });
    let shown = 0;
    const onProgress = (progress) => {
      if (progress.resource !== 'products' || (progress.done - shown < 2_000 && progress.done !== progress.total)) return;
      shown = progress.done;
      console.error(`  pulling products: ${progress.done} of ${progress.total ?? '?'}`);
    };
    const started = performance.now();
    const { result: connected, calls } = await recordingRequests(() =>
      createServices(db)
        .syncConnectorFor(secrets)
        // The scheduled pull is put off beyond the bench, so that it does not share WooCommerce with the push measured next.
        .connect({ ...shop }, { waitForPull: true, onProgress, settings: { interval_seconds: 86_400 } }),
    );
    const tillSeconds = seconds(started);
    const pulled = connected.pull.counts.products.created;
    const benchProducts = db.prepare('SELECT count(*) FROM products WHERE sku LIKE ?').pluck().get(`${BENCH_SKU_PREFIX}%`);
    // A figure, not a stop: the rest of the section still measures (a first run missed 53 of the 10,000).
    report(`bench products WooCommerce holds and the first pull left out`, expectedProducts - benchProducts, 0, 'products');
    const waitedSeconds = calls.reduce((sum, { ms }) => sum + ms, 0) / 1000;
    console.error(
      `  till: ${tillSeconds.toFixed(1)} s for ${calls.length} requests (${pulled} products, ${connected.pull.counts.variations.created} variations), ${waitedSeconds.toFixed(1)} s of it waiting for WooCommerce's answers`,
    );

    const client = new WooCommerceClient({ ...shop, timeoutMs: REQUEST_TIMEOUT_MS });
    const replayStart = performance.now();
    for (const { call, kind } of calls) {
      const outcome = await client.request(call);
      if (outcome.kind !== kind) throw new Error(`${call.method} ${call.path} answered ${outcome.kind} to the bench, ${kind} to the till`);
    }
    const wooSeconds = seconds(replayStart);
    console.error(`  WooCommerce alone: ${wooSeconds.toFixed(1)} s for the same ${calls.length} requests`);
    report(
      `first pull of ${pulled.toLocaleString('en')} products: till ${tillSeconds.toFixed(1)} s, WooCommerce alone ${wooSeconds.toFixed(1)} s`,
      tillSeconds / wooSeconds,
      1.5,
      '× WooCommerce',
    );
  } finally {
    db.close();
  }
}

/** WooCommerce's stock of each of `skus`. */
async function wooStock(client, skus) {
  const products = okBody(await client.get('products', { sku: skus.join(','), per_page: 100, _fields: 'sku,stock_quantity' }), 'reading stock');
  return new Map(products.map((product) => [product.sku, product.stock_quantity]));
}

/** How many of `skus` do not have `expected` stock in WooCommerce; prints the first. */
async function stockOff(client, skus, expected, when) {
  const actual = await wooStock(client, skus);
  const off = skus.filter((sku) => actual.get(sku) !== expected.get(sku));
  if (off.length > 0) console.error(`  ${when}: ${off[0]} has ${actual.get(off[0])} in WooCommerce, expected ${expected.get(off[0])}`);
  return off.length;
}

/** Quantities sold per SKU, from the till's own orders. */
async function soldAtTheTill(apiUrl, token) {
  const sold = new Map();
  for (let page = 1; ; page++) {
    const response = await fetch(`${apiUrl}/orders?per_page=100&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`the till's orders answered ${response.status}`);
    const orders = await response.json();
    for (const line of orders.flatMap((order) => order.line_items)) sold.set(line.sku, (sold.get(line.sku) ?? 0) + line.quantity);
    if (page >= Number(response.headers.get('x-wp-totalpages'))) return sold;
  }
}

const minus = (stock, sold) => new Map([...stock].map(([sku, quantity]) => [sku, quantity - (sold.get(sku) ?? 0)]));

/** The bodies the till sent for its synced sales, each under a uuid of its own: the same work for WooCommerce, and never taken for the till's. */
function theTillsBodies(repositories) {
  return repositories.syncOutbox.salesSyncedSince('1970-01-01T00:00:00').map(({ id }) => {
    const entry = repositories.syncOutbox.find(id);
    const order = repositories.orders.find(entry.order_id);
    const products = new Map(
      itemsOfType(order.items, 'line_item').map((line) => [
        line.id,
        { product_id: repositories.syncIds.wooId('product', line.data.product_id), variation_id: 0 },
      ]),
    );
    const body = orderBody({
      order,
      payments: repositories.payments.forOrder(order.id),
      entry: repositories.syncSources.journalEntry(entry.journal_id),
      customer: undefined,
      wooCustomerId: null,
      products,
      withCoupons: true,
      tillId: repositories.syncSources.tillId(),
    });
    body.meta_data = body.meta_data.map((meta) => (meta.key === META.uuid ? { ...meta, value: `${meta.value}-woocommerce-alone` } : meta));
    return body;
  });
}

/**
 * (b) `sales` sales at the till while its connection is paused, then resumed: sales a second from the
 * resume until the last is synced. Then WooCommerce's own rate: the same bodies posted by the same
 * client, one at a time as the till sends them. The till's orders are looked for in WooCommerce, each
 * once whatever its status (a duplicate the till's sweep cancelled counts), and WooCommerce's stock is
 * checked after the till's push and after WooCommerce's own orders.
 */
export async function pushRate(shop, dataDir, report, { sales, skus, figure = 'rate' }) {
  const db = openDataDirDatabase(dataDir);
  const { repositories } = createServices(db);
  const client = benchClient(shop);
  try {
    repositories.syncConnection.pause('the bench sells with the connection paused');
    const server = await startServe(dataDir, {}, 'file');
    let stockBefore;
    let sold;
    let tillRate;
    let tillSeconds;
    let earliest;
    try {
      const token = await loginToken(server.apiUrl, 'bench', 'bench-password');
      await openRegister(server.apiUrl, token);
      let rung = 0;
      const run = await runTills({ apiUrl: server.apiUrl, token, skus, tills: 1, keepGoing: () => rung++ < sales });
      if (run.failures.length > 0) throw new Error(`a sale failed at the till: ${run.failures[0]}`);
      sold = await soldAtTheTill(server.apiUrl, token);
      stockBefore = await wooStock(client, skus);

      earliest = new Date(Date.now() - 60_000).toISOString().slice(0, 19);
      const resumed = performance.now();
      repositories.syncConnection.resume();
      for (;;) {
        if (repositories.syncOutbox.page('rejected', 1, 0).total > 0)
          throw new Error(`WooCommerce refused a sale: ${repositories.syncOutbox.page('rejected', 1, 0).entries[0].last_error_message}`);
        if (repositories.syncOutbox.page('synced', 1, 0).total >= sales) break;
        if (seconds(resumed) > 1_800) throw new Error(`only ${repositories.syncOutbox.page('synced', 1, 0).total} of ${sales} sales synced in 30 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      tillSeconds = seconds(resumed);
      console.error(`  till: ${sales} sales synced ${tillSeconds.toFixed(1)} s after the resume`);
      tillRate = sales / tillSeconds;
    } finally {
      // Stopping waits for the worker's pass to end, and with it the duplicate sweep that follows the push.
      await server.stop();
    }
    const listed = await client.getAll('orders', { created_via: 'tillbase', after: earliest, dates_are_gmt: 'true' });
    okBody(listed.outcome, 'listing the synced orders');
    const inWoo = new Map();
    for (const order of listed.records) inWoo.set(uuidOf(order), (inWoo.get(uuidOf(order)) ?? 0) + 1);
    const uuids = repositories.syncOutbox.salesSyncedSince('1970-01-01T00:00:00').map((sale) => sale.uuid);
    report('sales of the till in WooCommerce more than once', uuids.filter((uuid) => (inWoo.get(uuid) ?? 0) > 1).length, 0, 'sales');
    report('sales of the till missing from WooCommerce', uuids.filter((uuid) => !inWoo.has(uuid)).length, 0, 'sales');
    report(
      `sold products whose WooCommerce stock is not as sold, after the push`,
      await stockOff(client, skus, minus(stockBefore, sold), 'after the push'),
      0,
      'products',
    );

    const bodies = theTillsBodies(repositories);
    const aloneStart = performance.now();
    for (const body of bodies) okBody(await client.post('orders', body), 'WooCommerce creating an order alone');
    const wooSeconds = seconds(aloneStart);
    const wooRate = bodies.length / wooSeconds;
    console.error(`  WooCommerce alone: ${bodies.length} orders in ${wooSeconds.toFixed(1)} s`);
    report(
      `sold products whose WooCommerce stock is not as sold, after WooCommerce's own orders`,
      await stockOff(client, skus, minus(minus(stockBefore, sold), sold), "after WooCommerce's own orders"),
      0,
      'products',
    );
    if (figure === 'backlog')
      // Issue 32, item 3: the backlog home in at most half the time WooCommerce takes the same orders one request each.
      report(
        `backlog of ${sales} queued sales: till ${tillSeconds.toFixed(1)} s, WooCommerce one order a request ${wooSeconds.toFixed(1)} s`,
        tillSeconds / wooSeconds,
        0.5,
        '× one by one',
      );
    else
      report(
        `push of ${sales} sales made offline: till ${tillRate.toFixed(2)} sales/s, WooCommerce alone ${wooRate.toFixed(2)} orders/s`,
        tillRate / wooRate,
        0.67,
        '× WooCommerce',
        false,
      );
  } finally {
    db.close();
  }
}

/**
 * Runs `work(shop, dataDir)` for a section against the shop of the environment, with the bench's first
 * `products` products in it and a fresh data directory holding the bench's cashier; says why it is
 * skipped when no shop is given.
 */
export async function withBenchShop(section, products, work) {
  const { shop, skipped } = benchShopFromEnv();
  if (skipped !== undefined) {
    console.error(`${section}: skipped, ${skipped}`);
    return;
  }
  await ensureBenchProducts(benchClient(shop), products, (line) => console.error(`  ${line}`));
  const dataDir = mkdtempSync(join(tmpdir(), `tillbase-bench-${section}-`));
  try {
    const db = openDataDirDatabase(dataDir);
    await userAdminFor(db).addUser({ username: 'bench', role: 'cashier', password: 'bench-password' });
    db.close();
    await work(shop, dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `products` and `sales` are smaller only for a quick try of the bench itself; the figures are those of the defaults. */
export function syncBench(report, { products = BENCH_PRODUCTS, sales = SALES } = {}) {
  return withBenchShop('sync', products, async (shop, dataDir) => {
    await firstPull(shop, dataDir, report, products);
    await pushRate(shop, dataDir, report, { sales, skus: soldSkus(products) });
  });
}
