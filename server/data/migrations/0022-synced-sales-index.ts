import type { Migration } from './migration.js';

/**
 * The duplicate sweep reads the sales synced since its last run (every `sweep_minutes`, 15 by
 * default). The outbox keeps every entry the till has sent, and its `(state, id)` index finds all
 * the synced ones at once, so that read went through the till's whole sync history each time; this
 * index finds the sales synced since a time directly.
 */
export const migration: Migration = {
  version: 22,
  name: 'synced-sales-index',
  up(db) {
    db.exec('CREATE INDEX sync_outbox_synced ON sync_outbox(kind, state, date_synced_gmt)');
  },
};
