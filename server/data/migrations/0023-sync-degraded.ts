import type { Migration } from './migration.js';

/**
 * The connection is "degraded" when WooCommerce's address answers, but not as WooCommerce: a 5xx, a
 * timeout, a page that is not its JSON (a portal's, a proxy's). `online` is then 0 as when offline,
 * `offline_since_gmt` keeps when the run of failures began, and this column says what was last seen;
 * it is NULL when the connection is online or merely unreachable.
 */
export const migration: Migration = {
  version: 23,
  name: 'sync-degraded',
  up(db) {
    db.exec('ALTER TABLE sync_connection ADD COLUMN degraded_reason TEXT');
  },
};
