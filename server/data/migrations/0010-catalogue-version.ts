import type { Migration } from './migration.js';

/** The products columns that decide which list a row is in and where: a change to any of them moves pages. */
const PLACEMENT_COLUMNS = ['id', 'parent_id', 'type', 'status', 'pos_visibility', 'date_created_gmt'] as const;

/**
 * A counter of every change to the catalogue's shape as the lists see it: products added or
 * deleted, a change of a column in PLACEMENT_COLUMNS, and terms given to or taken from products.
 *
 * The product lists keep their totals (`X-WP-Total`) and the keys where pages start in memory, and
 * read this one row on every request; a different number means they are stale. Triggers bump it,
 * so a change made anywhere counts: the API, an import in another process, a maintenance statement.
 * Stock, prices and sales do not move a product between pages, and leave it alone (the sale path
 * pays nothing for it).
 *
 * `products_audit` answers the offline-sync audit (ids and modification dates in the lists' order)
 * and the lists' pages from the index alone, without reading a row.
 */
export const migration: Migration = {
  version: 10,
  name: 'catalogue-version',
  up(db) {
    const bump = 'UPDATE catalogue_version SET version = version + 1 WHERE slot = 1;';
    const changed = PLACEMENT_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
    db.exec(`
      CREATE TABLE catalogue_version (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO catalogue_version (slot, version) VALUES (1, 0);
      CREATE TRIGGER catalogue_version_product_insert AFTER INSERT ON products BEGIN ${bump} END;
      CREATE TRIGGER catalogue_version_product_delete AFTER DELETE ON products BEGIN ${bump} END;
      CREATE TRIGGER catalogue_version_product_update AFTER UPDATE OF ${PLACEMENT_COLUMNS.join(', ')} ON products WHEN ${changed} BEGIN ${bump} END;
      CREATE TRIGGER catalogue_version_term_insert AFTER INSERT ON product_terms BEGIN ${bump} END;
      CREATE TRIGGER catalogue_version_term_delete AFTER DELETE ON product_terms BEGIN ${bump} END;
      CREATE TRIGGER catalogue_version_term_update AFTER UPDATE ON product_terms BEGIN ${bump} END;

      CREATE INDEX products_audit ON products(date_created_gmt, id, type, status, pos_visibility, parent_id, date_modified_gmt);
    `);
  },
};
