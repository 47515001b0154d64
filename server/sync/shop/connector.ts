import { commitGroupOf } from '../../data/commit-group.js';
import type { Database } from '../../data/database.js';
import type { SyncConnectionRepository } from '../../data/repositories/sync-connection.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { ApiError } from '../../domain/errors.js';
import type { SyncConnectionRecord, SyncSettings } from '../../model/records/sync.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { checkKey, type ConnectionRequest } from './key-check.js';
import type { PullProgress, PullReport } from '../pull/report.js';
import type { OutboxEntryView, SyncStatus } from '../status/status.js';
import type { WooCommerceAuth, WooCommerceClient } from './client.js';
import { CONSUMER_SECRET_ACCOUNT, notConnected, openShop, storedKey } from './open-shop.js';

export type { ConnectionRequest } from './key-check.js';

/** The connection as it is shown: never the consumer secret, and only the end of the key (as WooCommerce's own key list shows it). */
export interface ConnectionView {
  url: string;
  consumer_key_ending: string;
  auth: WooCommerceAuth;
  state: 'active' | 'paused';
  paused_reason: string | null;
  connected_at_gmt: string;
  last_pull_gmt: string | null;
  settings: SyncSettings;
}

/** Runs a full pull over a client: the server's pull worker (never two at once), or the CLI's own. */
export type FirstPull = (client: WooCommerceClient, onProgress?: (progress: PullProgress) => void) => Promise<PullReport>;

export interface SyncConnectorParts {
  /** The connection the connector's writes are made on: disconnecting is one transaction on it. */
  db: Database;
  connection: SyncConnectionRepository;
  status: SyncStatus;
  secrets: SecretStore;
  firstPull: FirstPull;
}

export interface ConnectOptions {
  settings?: Partial<SyncSettings>;
  onProgress?: (progress: PullProgress) => void;
  /** Wait for the first pull (the CLI); otherwise it runs on while the answer goes (the server). */
  waitForPull: boolean;
}

export interface Connected {
  connection: ConnectionView;
  warnings: string[];
  /** The first pull's report when it was waited for. */
  pull: PullReport | null;
}

/** States of entries that have not reached WooCommerce and that nobody has dealt with. */
const UNSENT_STATES = ['pending', 'sending', 'unknown', 'rejected'] as const;

/** Once what was written on `db` is committed: at once, but on the server's connection, whose writes commit once a turn; rejected if they were lost. */
function committed(db: Database): Promise<void> {
  const group = commitGroupOf(db);
  if (group === undefined) return Promise.resolve();
  return new Promise((resolve, reject) => {
    group.whenCommitted((lost) => {
      if (lost === undefined) resolve();
      else reject(lost);
    });
  });
}

export function connectionView(record: SyncConnectionRecord): ConnectionView {
  return {
    url: record.url,
    consumer_key_ending: record.consumer_key.slice(-7),
    auth: record.url.startsWith('https:') ? 'basic' : 'oauth1',
    state: record.state,
    paused_reason: record.paused_reason,
    connected_at_gmt: record.connected_at_gmt,
    last_pull_gmt: record.last_pull_gmt,
    settings: record.settings,
  };
}

/**
 * Connecting the till to the shop's WooCommerce and disconnecting it (issue 23, item 1), for the CLI
 * and `PUT|DELETE /pos/v1/sync/connection` alike. The key is checked before anything is kept; the
 * secret goes to the secret store (never the database), then the connection row, which the push
 * worker and the pull worker read at each look (open-shop.ts): a connection made by the CLI while
 * the server runs takes effect without a restart.
 */
export class SyncConnector {
  constructor(private readonly parts: SyncConnectorParts) {}

  view(): ConnectionView | null {
    const record = this.parts.connection.find();
    return record === undefined ? null : connectionView(record);
  }

  async connect(request: ConnectionRequest, options: ConnectOptions): Promise<Connected> {
    const checked = await checkKey(request);
    // The secret first: a worker that reads the new row finds its secret.
    await this.parts.secrets.set(CONSUMER_SECRET_ACCOUNT, request.consumerSecret);
    const record = this.parts.connection.connect(checked.url, request.consumerKey.trim(), options.settings ?? {});
    // The first pull goes through the shop as every later look opens it: a store that did not keep the secret is told now.
    const shop = await openShop(record, this.parts.secrets);
    if (shop.kind === 'refused') throw shop.refusal;
    const pulling = this.parts.firstPull(shop.client, options.onProgress);
    let pull: PullReport | null = null;
    if (options.waitForPull) pull = await pulling;
    else void pulling.catch(() => undefined);
    return { connection: this.view() ?? connectionView(record), warnings: checked.warnings, pull };
  }

  /**
   * Sending was paused because WooCommerce refused the key: the saved key is checked again as at
   * connect (a read, and a create WooCommerce must refuse) and, once accepted, sending goes on with
   * the connection's settings as they were; connecting again would reset them to the defaults.
   * A key still refused is a 409 with the check's own code and words: the request is right, the
   * key kept is not.
   */
  async resume(): Promise<ConnectionView> {
    const record = this.parts.connection.find();
    if (record === undefined) throw notConnected();
    if (record.state !== 'paused') throw new ApiError(409, 'pos_sync_not_paused', 'Sending to WooCommerce is not paused: there is nothing to resume.');
    const stored = await storedKey(record, this.parts.secrets);
    if (stored.kind === 'refused') throw stored.refusal;
    try {
      await checkKey(stored.key);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) throw new ApiError(409, error.code, error.message, error.data);
      throw error;
    }
    this.parts.connection.resume();
    return this.view() ?? connectionView(record);
  }

  /** Every entry not in WooCommerce that nobody has marked handled, oldest first. */
  unsent(): OutboxEntryView[] {
    return UNSENT_STATES.flatMap((state) => this.parts.status.outbox(state, Number.MAX_SAFE_INTEGER, 0).entries).sort((a, b) => a.id - b.id);
  }

  /**
   * Ends the connection: the row and the secret go, and nothing more is written to the outbox.
   * Refused while anything is unsent, unless `force` (after the caller has exported `unsent()`):
   * those entries are then marked handled, so that a later connection does not send them.
   */
  async disconnect(force: boolean): Promise<{ handled: OutboxEntryView[] }> {
    if (this.parts.connection.find() === undefined) throw notConnected();
    const unsent = this.unsent();
    if (unsent.length > 0 && !force)
      throw new ApiError(
        409,
        'pos_sync_unsent',
        `${unsent.length} ${unsent.length === 1 ? 'entry has' : 'entries have'} not reached WooCommerce: export them and disconnect with force to leave them to be dealt with by hand.`,
        { unsent: unsent.length },
      );
    // The row and the entries in one transaction: a crash between them would leave the entries
    // pending, and the next connection would send them to whichever shop it is made with.
    writeTransaction(this.parts.db, () => {
      this.parts.connection.disconnect();
      for (const entry of unsent) this.parts.status.markHandled(entry.id, { sending: true });
    });
    // The secret only once that is committed: a crash before leaves the connection whole, with its
    // secret, so nothing is lost; one after leaves only a secret nobody reads (no row points to it),
    // which the next connect overwrites. Deleted first, a crash could leave a connection and its
    // unsent entries without the secret to send them.
    await committed(this.parts.db);
    await this.parts.secrets.delete(CONSUMER_SECRET_ACCOUNT);
    return { handled: unsent };
  }
}
