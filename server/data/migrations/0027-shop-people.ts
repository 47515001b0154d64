import type { Migration } from './migration.js';

/**
 * The shop's people on every till (docs/several-tills.md, "The shop's people"): each user and role
 * travels in the replica as one document, and the copy with the latest change wins. `shop_people`
 * holds, per document id (`user:<username>`, `role:<name>`), which change this till's row stands
 * at: when it was made and by which till (`modified_gmt` is '' for what a till had before it
 * joined a shop), and whether this till still has to write it to its replica (`unwritten`).
 * The users and roles tables are left as they are: a row's version is the replication's business.
 */
export const migration: Migration = {
  version: 27,
  name: 'shop-people',
  up(db) {
    db.exec(`
      CREATE TABLE shop_people (
        doc_id TEXT PRIMARY KEY,
        modified_gmt TEXT NOT NULL,
        till_id TEXT NOT NULL,
        unwritten INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID;
      CREATE INDEX shop_people_unwritten ON shop_people(doc_id) WHERE unwritten = 1;
    `);
  },
};
