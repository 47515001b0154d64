import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import { ApiError } from '../../domain/errors.js';
import { fromGmt } from '../../model/dates.js';
import { Poller } from '../poller.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';
import { linkRecorder } from '../shop/link-state.js';
import { openShop, type ShopSecrets } from '../shop/open-shop.js';
import type { CataloguePull, CataloguePullOptions } from './catalogue.js';
import { CataloguePullFailed, type PullProgress, type PullReport } from './report.js';

export interface PullWorkerParts {
  connection: SyncConnectionRepository;
  /** Where the consumer secret is read, at each pull: a connection made by the CLI takes effect without a restart. */
  secrets: ShopSecrets;
  pull: (client: WooCommerceClient, options: CataloguePullOptions) => CataloguePull;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  /** How often the connection row is looked at; a pull runs only once its interval has passed. */
  pollMs?: number;
}

/** Thrown from the progress callback to end a pull between two pages when the server stops. */
class PullStopped extends Error {}

const msOf = (gmt: string | null): number => (gmt === null ? 0 : fromGmt(gmt).getTime());

/**
 * The catalogue's pull in the server's process (issue 23, item 2): every `interval_seconds` of the
 * connection's settings, a pull by `modified_after` followed by the id audit (CataloguePull). One
 * at a time: a pull asked for while one runs starts after it. The connection row and the secret are
 * read at each look, so connecting or disconnecting with the CLI takes effect without a restart.
 * A pull counts from the later of the last pull (by anyone: `tillbase sync pull` stamps it too) and
 * the moment of connecting, whose first full pull the connector runs.
 */
export class PullWorker {
  private readonly poller: Poller;
  private readonly recordLink: (outcome: WooCommerceOutcome) => void;
  private chain: Promise<unknown> = Promise.resolve();
  private busy = false;
  private lastEndMs = 0;

  constructor(private readonly parts: PullWorkerParts) {
    this.recordLink = linkRecorder(parts.connection);
    // A pull's failure is logged where it ends (pullOnce): the look has nothing more to say of it.
    this.poller = new Poller(
      async () => {
        if (!this.busy && this.isDue()) await this.run('incremental');
      },
      parts.pollMs ?? 1000,
      () => undefined,
    );
  }

  start(): void {
    this.poller.start();
  }

  /** Stops looking; a pull under way ends after the page it is reading. */
  async stop(): Promise<void> {
    await this.poller.stop();
    await this.chain.catch(() => undefined);
  }

  private isDue(): boolean {
    const connection = this.parts.connection.find();
    if (connection === undefined || connection.state === 'paused') return false;
    const since = Math.max(this.lastEndMs, msOf(connection.last_pull_gmt), msOf(connection.connected_at_gmt));
    return Date.now() - since >= connection.settings.interval_seconds * 1000;
  }

  /** One pull after any under way, with `client` (the connector's) or one made from the connection row and the secret store. */
  run(kind: 'full' | 'incremental', onProgress?: (progress: PullProgress) => void, client?: WooCommerceClient): Promise<PullReport> {
    const next = this.chain.catch(() => undefined).then(() => this.pullOnce(kind, onProgress, client));
    this.chain = next;
    return next;
  }

  private async clientOf(): Promise<WooCommerceClient> {
    // Each answer of the pull's says where the link stands, as the push's do (push/worker.ts).
    const shop = await openShop(this.parts.connection.find(), this.parts.secrets, this.recordLink);
    if (shop.kind === 'refused') throw shop.refusal;
    return shop.client;
  }

  private async pullOnce(kind: 'full' | 'incremental', onProgress?: (progress: PullProgress) => void, given?: WooCommerceClient): Promise<PullReport> {
    this.busy = true;
    try {
      const client = given ?? (await this.clientOf());
      const puller = this.parts.pull(client, {
        onProgress: (progress) => {
          if (!this.poller.running) throw new PullStopped('the server is stopping');
          onProgress?.(progress);
        },
      });
      const report = await (kind === 'full' ? puller.full() : puller.incremental());
      this.parts.connection.markPulled();
      this.parts.connection.markReachable(true);
      const changed = Object.entries(report.counts).filter(([, c]) => c.created + c.updated + c.deleted > 0);
      if (changed.length > 0)
        this.parts.log.info({ kind: report.kind, changed: Object.fromEntries(changed) }, 'sync: pulled catalogue changes from WooCommerce');
      return report;
    } catch (error) {
      if (error instanceof CataloguePullFailed) {
        // The connector's client (a first pull) tells no one of its answers: the one that stopped the pull is written here.
        this.recordLink(error.outcome);
        this.parts.log.warn({ resource: error.resource, outcome: error.outcome.kind }, 'sync: the catalogue pull stopped; it runs again at the next interval');
      } else if (!(error instanceof PullStopped) && !(error instanceof ApiError)) {
        this.parts.log.warn({ fault: error instanceof Error ? error.name : 'unknown' }, 'sync: the catalogue pull failed');
      }
      throw error;
    } finally {
      this.busy = false;
      this.lastEndMs = Date.now();
    }
  }
}
