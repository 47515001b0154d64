import type { Migration } from './migration.js';

/** Marks a product's document stale: its revision moves on, so a document shaped from older rows is never stored over it. */
const invalidate = (where: string) => `UPDATE product_documents SET revision = revision + 1, json = NULL WHERE ${where};`;

/**
 * Products' JSON documents as the API sends them (view context, no `_fields`), kept between requests
 * so that a page is sent without shaping a product. One row per product and variation, created with
 * the product; `json` is NULL until a read shapes the document and stores it.
 *
 * Triggers make every write that changes what a document says mark it stale, whoever writes (the
 * API, an import in another process, a maintenance statement): the product's row, a variation of it
 * (a variable product's price, sale and variations list), its parent's tax class (a variation's
 * `tax_class` in view context), its terms, and the names, slugs and taxonomy of those terms. A
 * reader stores a document only if the revision it read before reading the rows still stands.
 *
 * What the triggers cannot see is checked when the document is read: `stamp` is a digest of the
 * store's settings and the API base the document was shaped for (prices, dates and `_links` follow
 * them), and a document is valid only before its next sale-date boundary: `valid_before` (the
 * earliest future `date_on_sale_from_gmt`, exclusive) and `valid_through` (the earliest
 * `date_on_sale_to_gmt` not yet passed, inclusive), compared as the sale price's own rule compares.
 */
export const migration: Migration = {
  version: 11,
  name: 'product-documents',
  up(db) {
    db.exec(`
      CREATE TABLE product_documents (
        product_id INTEGER PRIMARY KEY,
        revision INTEGER NOT NULL DEFAULT 0,
        stamp TEXT,
        valid_before TEXT,
        valid_through TEXT,
        json TEXT
      );
      INSERT INTO product_documents (product_id) SELECT id FROM products;

      CREATE TRIGGER product_documents_product_insert AFTER INSERT ON products BEGIN
        INSERT OR IGNORE INTO product_documents (product_id) VALUES (new.id);
        ${invalidate("product_id = new.parent_id AND new.type = 'variation'")}
      END;
      CREATE TRIGGER product_documents_product_delete AFTER DELETE ON products BEGIN
        DELETE FROM product_documents WHERE product_id = old.id;
        ${invalidate("product_id = old.parent_id AND old.type = 'variation'")}
      END;
      CREATE TRIGGER product_documents_product_update AFTER UPDATE ON products BEGIN
        ${invalidate('product_id = new.id')}
        ${invalidate("product_id IN (old.parent_id, new.parent_id) AND (old.type = 'variation' OR new.type = 'variation')")}
      END;
      CREATE TRIGGER product_documents_parent_tax_class AFTER UPDATE OF tax_class, type ON products
        WHEN old.tax_class IS NOT new.tax_class OR old.type IS NOT new.type BEGIN
        ${invalidate("product_id IN (SELECT id FROM products WHERE parent_id = new.id AND type = 'variation')")}
      END;
      CREATE TRIGGER product_documents_terms_insert AFTER INSERT ON product_terms BEGIN ${invalidate('product_id = new.product_id')} END;
      CREATE TRIGGER product_documents_terms_delete AFTER DELETE ON product_terms BEGIN ${invalidate('product_id = old.product_id')} END;
      CREATE TRIGGER product_documents_terms_update AFTER UPDATE ON product_terms BEGIN
        ${invalidate('product_id IN (old.product_id, new.product_id)')}
      END;
      CREATE TRIGGER product_documents_term_rename AFTER UPDATE OF name, slug, taxonomy ON terms
        WHEN old.name IS NOT new.name OR old.slug IS NOT new.slug OR old.taxonomy IS NOT new.taxonomy BEGIN
        ${invalidate('product_id IN (SELECT product_id FROM product_terms WHERE term_id = new.id)')}
      END;
      CREATE TRIGGER product_documents_term_delete BEFORE DELETE ON terms BEGIN
        ${invalidate('product_id IN (SELECT product_id FROM product_terms WHERE term_id = old.id)')}
      END;
    `);
  },
};
