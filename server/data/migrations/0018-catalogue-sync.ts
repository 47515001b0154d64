import type { Migration } from './migration.js';

/**
 * The catalogue's pull from WooCommerce (issue 23, item 2; server/sync/pull-catalogue.ts).
 *
 * - `sync_catalogue_ids`: which record at the till each WooCommerce record is, per resource
 *   (`product` for products and variations, `term` for categories, tags and brands, which share one
 *   id space in WordPress as they do here, `coupon`, `tax_rate`). On a till connected from empty the
 *   two ids are the same; on a till that had a catalogue, products matched by SKU keep their own id.
 *   `remote_stock` is the stock WooCommerce last reported, so a pull writes stock only when
 *   WooCommerce's changed.
 * - `sync_catalogue_local_only`: products the till had that WooCommerce does not (no SKU match):
 *   they stay, and are never pushed.
 * - `sync_catalogue_marks`: per resource, the newest `date_modified_gmt` seen (the next incremental
 *   pull's `modified_after`), and how ids are assigned (`identity`).
 *
 * Self-contained: no other table refers to these, and dropping them undoes the step.
 */
export const migration: Migration = {
  version: 18,
  name: 'catalogue-sync',
  up(db) {
    db.exec(`
      CREATE TABLE sync_catalogue_ids (
        resource TEXT NOT NULL CHECK (resource IN ('product', 'term', 'coupon', 'tax_rate')),
        remote_id INTEGER NOT NULL,
        local_id INTEGER NOT NULL,
        remote_stock REAL,
        PRIMARY KEY (resource, remote_id),
        UNIQUE (resource, local_id)
      ) WITHOUT ROWID;

      CREATE TABLE sync_catalogue_local_only (
        product_id INTEGER PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE
      );

      CREATE TABLE sync_catalogue_marks (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
