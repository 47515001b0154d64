import type { Migration } from './migration.js';

/**
 * Indexed catalogue search. `products_search` is an FTS5 index over the name, SKU and barcode of
 * every product and variation, with the trigram tokenizer: a quoted term of three or more characters
 * matches as a case-insensitive substring through the index instead of a scan of `products`.
 * It is an external-content table (the text stays in `products` alone), kept in step by triggers
 * that re-index a row only when one of its three searched columns changes, so stock and sales
 * updates cost nothing here.
 *
 * Three indexes serve the other hot paths over a large catalogue:
 * - the default order of the lists (newest first, then by id), holding as well the type and status
 *   that every list tests, so that counting and skipping to a deep page read this index alone (it
 *   leaves out the modification date, or the planner would prefer scanning it whole to the
 *   modification index for `modified_after`, which a sync sends with few rows to return);
 * - SKUs compared case-insensitively: the SKU lookup, `orderby=sku`, and searches of one or two
 *   characters, which the trigram index cannot answer;
 * - slugs: the `slug` filter, and the unique-slug check of every new product, which otherwise
 *   scans the table once per insert.
 * No index starts with type or status: variations can be most of a catalogue, and without
 * statistics the planner would prefer such an index to the far narrower result of a search.
 */
export const migration: Migration = {
  version: 4,
  name: 'product-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE products_search USING fts5(
        name, sku, barcode,
        content = 'products', content_rowid = 'id',
        tokenize = 'trigram case_sensitive 0'
      );
      INSERT INTO products_search (products_search) VALUES ('rebuild');

      CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_search (rowid, name, sku, barcode) VALUES (new.id, new.name, new.sku, new.barcode);
      END;
      CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_search (products_search, rowid, name, sku, barcode) VALUES ('delete', old.id, old.name, old.sku, old.barcode);
      END;
      CREATE TRIGGER products_search_update AFTER UPDATE OF id, name, sku, barcode ON products BEGIN
        INSERT INTO products_search (products_search, rowid, name, sku, barcode) VALUES ('delete', old.id, old.name, old.sku, old.barcode);
        INSERT INTO products_search (rowid, name, sku, barcode) VALUES (new.id, new.name, new.sku, new.barcode);
      END;

      CREATE INDEX products_created ON products(date_created_gmt, id, type, status);
      CREATE INDEX products_sku_nocase ON products(sku COLLATE NOCASE);
      CREATE INDEX products_slug ON products(slug);
    `);
  },
};
