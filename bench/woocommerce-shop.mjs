// The real WooCommerce the sync section of `npm run bench` measures against (TILLBASE_BENCH_WOOCOMMERCE,
// _KEY, _SECRET), through the sync's own client from dist. The bench's products carry the SKU prefix
// below, so that they stand apart from whatever else the shop holds (another engineer's tests, a real
// catalogue), and are made once: a later run finds them and makes none.
import { MAX_PER_PAGE, WooCommerceClient } from '../dist/server/sync/shop/client.js';

export const BENCH_SKU_PREFIX = 'TILLBASE-BENCH-';
export const BENCH_PRODUCTS = 10_000;
/** Generous enough for years of bench runs: each run sells a few hundred of them. */
const OPENING_STOCK = 1_000_000;

/** The shop from the environment, or why the section is skipped. */
export function benchShopFromEnv(env = process.env) {
  const url = env.TILLBASE_BENCH_WOOCOMMERCE;
  const consumerKey = env.TILLBASE_BENCH_WOOCOMMERCE_KEY;
  const consumerSecret = env.TILLBASE_BENCH_WOOCOMMERCE_SECRET;
  const missing = [
    ['TILLBASE_BENCH_WOOCOMMERCE', url],
    ['TILLBASE_BENCH_WOOCOMMERCE_KEY', consumerKey],
    ['TILLBASE_BENCH_WOOCOMMERCE_SECRET', consumerSecret],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) return { skipped: `no WooCommerce to measure against: ${missing.join(', ')} not set` };
  return { shop: { url, consumerKey, consumerSecret } };
}

/** The sync's client for the shop; batches of 100 products take WooCommerce well over the default 30 s under load. */
export const benchClient = (shop, timeoutMs = 300_000) => new WooCommerceClient({ ...shop, timeoutMs });

export const benchSku = (index) => `${BENCH_SKU_PREFIX}${String(index + 1).padStart(5, '0')}`;

function benchProduct(index) {
  return {
    name: `Bench till item ${String(index + 1).padStart(5, '0')}`,
    type: 'simple',
    status: 'publish',
    sku: benchSku(index),
    regular_price: `${1 + (index % 50)}.${String((index * 7) % 100).padStart(2, '0')}`,
    manage_stock: true,
    stock_quantity: OPENING_STOCK,
  };
}

/** WooCommerce's refusals of a SKU it already holds: `product_invalid_sku`, or this one when the other create is still under way. */
const SKU_TAKEN = new Set(['product_invalid_sku', 'woocommerce_rest_product_not_created']);

/** Throws with what WooCommerce said when `outcome` is not ok; returns its body. */
export function okBody(outcome, what) {
  if (outcome.kind !== 'ok')
    throw new Error(`${what}: ${outcome.kind} ${outcome.status ?? ''} ${outcome.code ?? outcome.cause ?? ''} ${outcome.message ?? ''}`);
  return outcome.body;
}

/**
 * Makes the shop hold the bench's products from index `first` to `count`: each block of 100 SKUs is
 * looked up (one GET) and what is missing made with one batch call. Progress on standard error.
 * Returns how many were sent to be made.
 */
export async function ensureBenchProducts(client, count = BENCH_PRODUCTS, log = (line) => console.error(line), first = 0) {
  let made = 0;
  const started = performance.now();
  for (let from = first; from < count; from += MAX_PER_PAGE) {
    const indexes = Array.from({ length: Math.min(MAX_PER_PAGE, count - from) }, (_, offset) => from + offset);
    const found = okBody(
      await client.get('products', { sku: indexes.map(benchSku).join(','), per_page: MAX_PER_PAGE, _fields: 'sku', status: 'any' }),
      `looking up bench products ${benchSku(from)}…`,
    );
    const present = new Set(found.map((product) => product.sku));
    const missing = indexes.filter((index) => !present.has(benchSku(index)));
    if (missing.length > 0) {
      const answer = okBody(await client.post('products/batch', { create: missing.map(benchProduct) }), 'creating bench products');
      // A SKU WooCommerce already holds was made meanwhile by another run (several make the blocks in parallel).
      const refused = (answer.create ?? []).filter((product) => product.error !== undefined && !SKU_TAKEN.has(product.error.code));
      if (refused.length > 0) throw new Error(`WooCommerce refused a bench product: ${JSON.stringify(refused[0].error)}`);
      made += missing.length;
    }
    if (made > 0 || from + MAX_PER_PAGE >= count)
      log(
        `bench products in WooCommerce: ${Math.min(from + MAX_PER_PAGE, count)} of ${count} checked, ${made} made (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
  return made;
}

// `node bench/woocommerce-shop.mjs [FIRST COUNT]` makes the products (those from index FIRST to COUNT) ahead of a run;
// a few at once over separate ranges are faster on a shop that serves several requests at a time.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { shop, skipped } = benchShopFromEnv();
  if (skipped) throw new Error(skipped);
  const [first = 0, count = BENCH_PRODUCTS] = process.argv.slice(2).map(Number);
  await ensureBenchProducts(benchClient(shop), count, undefined, first);
}
