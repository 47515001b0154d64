// The backlog section of `npm run bench` (issue 32, item 3): sales queued at a till while its link was
// down, sent when it comes back (through WooCommerce's batch endpoint), against the same orders made in
// WooCommerce one request each by the same client, in the same run. Duplicates, sales missing and
// products whose WooCommerce stock is not as sold are counted (pushRate, sync.mjs). Skipped, saying
// why, unless TILLBASE_BENCH_WOOCOMMERCE, _KEY and _SECRET are set; TILLBASE_BENCH_BACKLOG_SALES sets
// how many sales (200 unless given). Unlike the sync section it needs only the bench's first 20
// products in the shop, so it runs against a shop without the 10,000.
import { createServices } from '../dist/server/composition.js';
import { openSecretStore } from '../dist/server/secrets/open-secret-store.js';
import { openDataDirDatabase } from '../dist/server/start.js';
import { pushRate, withBenchShop } from './sync.mjs';
import { benchSku } from './woocommerce-shop.mjs';

const SALES = 200;
const SOLD_PRODUCTS = 20;

/** Connects a fresh till to the shop as `tillbase sync connect` does, its first pull included. */
async function connectTill(shop, dataDir) {
  const db = openDataDirDatabase(dataDir);
  try {
    const secrets = await openSecretStore({ choice: 'file', dataDir, warn: (message) => console.error(message) });
    // The scheduled pull is put off beyond the bench, so that it does not share WooCommerce with the push measured.
    await createServices(db)
      .syncConnectorFor(secrets)
      .connect({ ...shop }, { waitForPull: true, settings: { interval_seconds: 86_400 } });
  } finally {
    db.close();
  }
}

export function backlogBench(report, { sales = Number(process.env.TILLBASE_BENCH_BACKLOG_SALES ?? SALES) } = {}) {
  return withBenchShop('backlog', SOLD_PRODUCTS, async (shop, dataDir) => {
    await connectTill(shop, dataDir);
    const skus = Array.from({ length: SOLD_PRODUCTS }, (_, index) => benchSku(index));
    await pushRate(shop, dataDir, report, { sales, skus, figure: 'backlog' });
  });
}
