import type { Database } from './data/database.js';
import type { Logger } from './logging.js';
import type { SecretStore } from './secrets/secret-store.js';
import type { Repositories } from './composition-repositories.js';
import { SyncConnector, type FirstPull } from './sync/shop/connector.js';
import { CataloguePull, type CataloguePullOptions } from './sync/pull/catalogue.js';
import type { PullProgress, PullReport } from './sync/pull/report.js';
import { PullWorker } from './sync/pull/worker.js';
import type { SyncStatus } from './sync/status/status.js';
import type { WooCommerceClient } from './sync/shop/client.js';

/** The sync's catalogue and connection services over one database connection (composition.ts spreads them into its services). */
export function createSyncServices(db: Database, r: Repositories, syncStatus: SyncStatus) {
  const pullParts = {
    db,
    ids: r.syncCatalogue,
    rows: r.syncCatalogueRows,
    products: r.productWrites,
    stores: r.stores,
    ledger: r.stockLedger,
    unsent: r.syncUnsentStock,
  };
  /** One pull over this connection, waited for, stamped on the connection row (`tillbase sync pull`, and the CLI's first pull). */
  const syncPull = async (client: WooCommerceClient, kind: 'full' | 'incremental', onProgress?: (progress: PullProgress) => void): Promise<PullReport> => {
    const puller = new CataloguePull(client, pullParts, onProgress === undefined ? {} : { onProgress });
    const report = await (kind === 'full' ? puller.full() : puller.incremental());
    r.syncConnection.markPulled();
    return report;
  };
  return {
    /** The catalogue's pull from the WooCommerce a client reaches (one per connection: the client holds its key). */
    cataloguePull: (client: WooCommerceClient, options: CataloguePullOptions = {}) => new CataloguePull(client, pullParts, options),
    syncPull,
    /** Connecting and disconnecting (sync/shop/connector.ts) over a secret store; the first pull is `firstPull`, or one over this connection. */
    syncConnectorFor: (secrets: SecretStore, firstPull?: FirstPull) =>
      new SyncConnector({
        db,
        connection: r.syncConnection,
        status: syncStatus,
        secrets,
        firstPull: firstPull ?? ((client, onProgress) => syncPull(client, 'full', onProgress)),
      }),
  };
}

/** The server's pull every interval, over the server's secret store. */
export function createPullWorker(
  r: Repositories,
  pull: (client: WooCommerceClient, options: CataloguePullOptions) => CataloguePull,
  options: { secrets: SecretStore; logger: Logger },
): PullWorker {
  const { logger } = options;
  return new PullWorker({
    connection: r.syncConnection,
    secrets: options.secrets,
    pull,
    log: {
      info: (fields, message) => {
        logger.info(fields, message);
      },
      warn: (fields, message) => {
        logger.warn(fields, message);
      },
    },
  });
}
