import type { Migration } from './migration.js';

/**
 * The favourites of each store: the products a manager puts on the first page of the till, in the
 * order they chose. No foreign key to products: a catalogue import or sync may rewrite product rows,
 * and a favourite must not vanish with a rewrite; one deleted, trashed or hidden from the till stays
 * listed and simply does not show, since the till reads the tiles through the products list.
 */
export const migration: Migration = {
  version: 20,
  name: 'store-favourites',
  up(db) {
    db.exec(`
      CREATE TABLE store_favourites (
        store_id INTEGER NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
        product_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (store_id, product_id)
      ) WITHOUT ROWID;
    `);
  },
};
