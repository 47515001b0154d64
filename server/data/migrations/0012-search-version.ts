import type { Migration } from './migration.js';

/** The products columns `products_search` indexes (migration 4): a change to any of them changes what a search matches. */
const SEARCHED_COLUMNS = ['id', 'name', 'sku', 'barcode'] as const;

/**
 * A counter of every change to what a search can match: products added or deleted, and a change of
 * a column in SEARCHED_COLUMNS. Catalogue searches keep the ids a term matched in memory while this
 * number stands (see repositories/product-search.ts), and it tells the server that the search index
 * has new segments to merge. Triggers bump it, so a change made anywhere counts: the API, an import
 * in another process, a maintenance statement. Stock, price and sales writes leave it alone.
 */
export const migration: Migration = {
  version: 12,
  name: 'search-version',
  up(db) {
    const bump = 'UPDATE search_version SET version = version + 1 WHERE slot = 1;';
    const changed = SEARCHED_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
    db.exec(`
      CREATE TABLE search_version (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO search_version (slot, version) VALUES (1, 0);
      CREATE TRIGGER search_version_product_insert AFTER INSERT ON products BEGIN ${bump} END;
      CREATE TRIGGER search_version_product_delete AFTER DELETE ON products BEGIN ${bump} END;
      CREATE TRIGGER search_version_product_update AFTER UPDATE OF ${SEARCHED_COLUMNS.join(', ')} ON products WHEN ${changed} BEGIN ${bump} END;
    `);
  },
};
