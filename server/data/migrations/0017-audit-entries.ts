import type { Migration } from './migration.js';

/**
 * The sync audit's entry of each row, `{"id":…,"date_modified_gmt":…}`, kept in the lists' covering
 * indexes (migration 15's, rebuilt with it as their last column). The audit of 300,000 variations
 * spent about half its SQL building those 300,000 objects with json_object on every request (63–70
 * of 115 ms against 49–55 ms reading them ready-made, on this 2-core VM), while the index already
 * followed every write of the two columns it is made of. SQLite reads an indexed expression's value
 * from the index when a query names the same expression (ProductsRepository.modificationIndexEntries
 * does, through AUDIT_ENTRY), so nothing is computed per row.
 *
 * The text is what json_object('id', id, 'date_modified_gmt', date_modified_gmt) gives: json_quote
 * writes a date as a JSON string, with the same escaping, and a missing one as null.
 */
export const migration: Migration = {
  version: 17,
  name: 'audit-entries',
  up(db) {
    const entry = `('{"id":' || id || ',"date_modified_gmt":' || json_quote(date_modified_gmt) || '}')`;
    db.exec(`
      DROP INDEX products_audit_products;
      DROP INDEX products_audit_variations;
      CREATE INDEX products_audit_products ON products(date_created_gmt, id, type, status, pos_visibility, date_modified_gmt, ${entry}) WHERE type <> 'variation';
      CREATE INDEX products_audit_variations ON products(date_created_gmt, id, status, parent_id, pos_visibility, date_modified_gmt, ${entry}) WHERE type = 'variation';
    `);
  },
};
