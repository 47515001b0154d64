import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import { DEFAULT_SYNC_SETTINGS, type SyncConnectionRecord, type SyncSettings } from '../../model/records/sync.js';

interface ConnectionRow extends Omit<SyncConnectionRecord, 'online' | 'settings'> {
  online: number;
  settings: string;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%S', 'now')";

/** The one row of `sync_connection` (migration 19). The consumer secret is never here. */
export class SyncConnectionRepository {
  constructor(private readonly db: Database) {}

  find(): SyncConnectionRecord | undefined {
    const row = prepared<[], ConnectionRow>(this.db, 'SELECT * FROM sync_connection WHERE id = 1').get();
    if (row === undefined) return undefined;
    const { online, settings, ...rest } = row;
    return { ...rest, online: online === 1, settings: { ...DEFAULT_SYNC_SETTINGS, ...(JSON.parse(settings) as Partial<SyncSettings>) } };
  }

  /** Makes (or replaces) the connection, active and online. */
  connect(url: string, consumerKey: string, settings: Partial<SyncSettings> = {}): SyncConnectionRecord {
    writeTransaction(this.db, () => {
      prepared(
        this.db,
        `INSERT INTO sync_connection (id, url, consumer_key, state, paused_reason, connected_at_gmt, online, settings)
         VALUES (1, ?, ?, 'active', NULL, ${NOW}, 1, ?)
         ON CONFLICT (id) DO UPDATE SET url = excluded.url, consumer_key = excluded.consumer_key, state = 'active', paused_reason = NULL,
           connected_at_gmt = excluded.connected_at_gmt, online = 1, offline_since_gmt = NULL, degraded_reason = NULL, settings = excluded.settings`,
      ).run(url, consumerKey, JSON.stringify({ ...DEFAULT_SYNC_SETTINGS, ...settings }));
    });
    const connection = this.find();
    if (connection === undefined) throw new Error('the sync connection was not saved');
    return connection;
  }

  disconnect(): void {
    writeTransaction(this.db, () => prepared(this.db, 'DELETE FROM sync_connection').run());
  }

  /** WooCommerce refused the key: nothing goes up until someone resumes. */
  pause(reason: string): void {
    writeTransaction(this.db, () => prepared(this.db, "UPDATE sync_connection SET state = 'paused', paused_reason = ? WHERE id = 1").run(reason));
  }

  resume(): void {
    writeTransaction(this.db, () => prepared(this.db, "UPDATE sync_connection SET state = 'active', paused_reason = NULL WHERE id = 1").run());
  }

  /** Whether WooCommerce could be reached; `offline_since_gmt` keeps the first failure of a run of them, offline or degraded. */
  markReachable(online: boolean): void {
    writeTransaction(this.db, () => {
      if (online)
        prepared(this.db, 'UPDATE sync_connection SET online = 1, offline_since_gmt = NULL, degraded_reason = NULL WHERE id = 1 AND online = 0').run();
      else
        prepared(
          this.db,
          `UPDATE sync_connection SET online = 0, offline_since_gmt = COALESCE(offline_since_gmt, ${NOW}), degraded_reason = NULL
           WHERE id = 1 AND (online = 1 OR degraded_reason IS NOT NULL)`,
        ).run();
    });
  }

  /** WooCommerce's address answered, but not as WooCommerce (a 5xx, a timeout, a page that is not its JSON): not online until a good answer. */
  markDegraded(reason: string): void {
    writeTransaction(this.db, () =>
      prepared(
        this.db,
        `UPDATE sync_connection SET online = 0, offline_since_gmt = COALESCE(offline_since_gmt, ${NOW}), degraded_reason = ?
         WHERE id = 1 AND (online = 1 OR degraded_reason IS NULL OR degraded_reason <> ?)`,
      ).run(reason, reason),
    );
  }

  /** A catalogue pull (the server's or `tillbase sync pull`) ended whole. */
  markPulled(): void {
    writeTransaction(this.db, () => prepared(this.db, `UPDATE sync_connection SET last_pull_gmt = ${NOW} WHERE id = 1`).run());
  }

  markPushed(): void {
    writeTransaction(this.db, () => prepared(this.db, `UPDATE sync_connection SET last_push_gmt = ${NOW} WHERE id = 1`).run());
  }
}
