import type { Migration } from './migration.js';

/**
 * A counter of every change to any product document (migration 11): bumped whenever a document is
 * marked stale, created or deleted, which the triggers of migration 11 do for every write to a
 * product, its variations, its terms or their names, whoever writes. While it stands, a page of
 * documents once joined still holds the same bytes (the clock and the store's settings apart, which
 * the page carries with it), so the product lists keep a few recent pages ready to send. Storing a
 * freshly shaped document does not move it.
 */
export const migration: Migration = {
  version: 13,
  name: 'documents-version',
  up(db) {
    const bump = 'UPDATE documents_version SET version = version + 1 WHERE slot = 1;';
    db.exec(`
      CREATE TABLE documents_version (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO documents_version (slot, version) VALUES (1, 0);
      CREATE TRIGGER documents_version_insert AFTER INSERT ON product_documents BEGIN ${bump} END;
      CREATE TRIGGER documents_version_delete AFTER DELETE ON product_documents BEGIN ${bump} END;
      CREATE TRIGGER documents_version_stale AFTER UPDATE OF revision ON product_documents WHEN old.revision IS NOT new.revision BEGIN ${bump} END;
    `);
  },
};
