import type { Migration } from './migration.js';

/**
 * The journal that makes a catalogue import all-or-nothing while it writes in short steps.
 *
 * A run row exists exactly while an import is writing: it is inserted before the first step and
 * deleted in the step that ends the import, which is the import's commit point. Every step records,
 * in the same transaction as its writes, how to undo them (`import_undo`). A run row that outlives
 * its process (a crash, a power cut, a kill) is undone from its journal by the next start, newest
 * entry first. Undo entries whose run row is gone belong to a finished import and are only deleted.
 *
 * No foreign key ties the two tables: ending an import must stay one short write however many
 * entries its journal holds, and the entries are cleared afterwards in steps.
 */
export const migration: Migration = {
  version: 8,
  name: 'import-journal',
  up(db) {
    db.exec(`
      CREATE TABLE import_runs (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        file TEXT NOT NULL,
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        started_gmt TEXT NOT NULL,
        heartbeat_gmt TEXT NOT NULL
      );
      CREATE TABLE import_undo (
        run_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('delete_product', 'delete_term', 'restore_product', 'restore_terms')),
        target INTEGER NOT NULL,
        prior TEXT,
        PRIMARY KEY (run_id, seq)
      ) WITHOUT ROWID;
    `);
  },
};
