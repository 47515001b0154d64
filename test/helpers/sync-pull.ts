import { createServices } from '../../server/composition.js';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { openDataDirDatabase } from '../../server/start.js';
import type { PullReport } from '../../server/sync/pull/catalogue.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { withDb, type TestServer } from './server.js';
import type { Till } from './sync.js';
import type { WooCommerceDouble } from './woocommerce-double.js';

/** One catalogue pull from the double into a running till over a database connection of its own, as `tillbase sync pull` runs it. */
export function pullOnce(server: TestServer, double: WooCommerceDouble, kind: 'full' | 'incremental' = 'incremental'): Promise<PullReport> {
  return pullWith(server, new WooCommerceClient({ url: double.url, consumerKey: double.key.consumerKey, consumerSecret: double.key.consumerSecret }), kind);
}

/** The same from any WooCommerce the client reaches (a real one for the `.real` tests). */
export async function pullWith(server: TestServer, client: WooCommerceClient, kind: 'full' | 'incremental'): Promise<PullReport> {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const puller = createServices(db).cataloguePull(client);
    return await (kind === 'full' ? puller.full() : puller.incremental());
  } finally {
    db.close();
  }
}

/** Stops the till's pushes (as a refused key does) while the pull still reaches WooCommerce: sales wait in the outbox. */
export const pausePushes = (server: TestServer): void => {
  withDb(server, (db) => {
    new SyncConnectionRepository(db).pause('held by the test');
  });
};
export const resumePushes = (server: TestServer): void => {
  withDb(server, (db) => {
    new SyncConnectionRepository(db).resume();
  });
};

/** A product at the till and the same one (by SKU) in WooCommerce as its catalogue makes it (categories and all), each with `stock` units. */
export async function sharedProduct(till: Till, double: WooCommerceDouble, sku: string, price: string, stock: number): Promise<{ local: number; woo: number }> {
  const body = { name: `Item ${sku}`, sku, regular_price: price, manage_stock: true, stock_quantity: stock };
  const local = (await till.call<{ id: number }>('manager', 'POST', '/products', body)).id;
  return { local, woo: double.catalogue.createProduct(body).id };
}
