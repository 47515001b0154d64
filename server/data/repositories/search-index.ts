import type { Database } from '../database.js';
import { prepared } from '../statements.js';

/** FTS5's own default for `automerge`, which nothing in Tillbase changes except an import while it writes. */
const DEFAULT_AUTOMERGE = 4;

/** The search index's `automerge` setting (0: no merging at commit); the tidier of product-search.ts reads it too. */
export function searchIndexAutomerge(db: Database): number {
  const row = prepared<[], { v: unknown }>(db, "SELECT v FROM products_search_config WHERE k = 'automerge'").get();
  return row === undefined ? DEFAULT_AUTOMERGE : Number(row.v);
}

/** Merges up to `pages` pages' worth of segments; false once there was nothing left to merge. Inside the caller's transaction. */
export function mergeSearchIndex(db: Database, pages: number): boolean {
  const changes = prepared<[], { n: number }>(db, 'SELECT total_changes() AS n');
  const before = changes.get()?.n ?? 0;
  prepared(db, "INSERT INTO products_search (products_search, rank) VALUES ('merge', ?)").run(BigInt(pages));
  // FTS5's documented test: a merge that found nothing to do changes fewer than 2 rows.
  return (changes.get()?.n ?? 0) - before >= 2;
}

/**
 * The catalogue search index (`products_search`, migration 4) while an import writes. FTS5 writes
 * each transaction's new entries as a segment and, with `automerge` on, merges segments at commit:
 * over an import of 50,000 rows in short steps, some steps' commits then do 100 ms or more of merging
 * while they hold the write lock. With `automerge` 0 the steps only add segments (FTS5 still merges
 * at `crisismerge`, 16 segments of a level, which keeps searches fast meanwhile); afterwards the
 * segments are merged in short transactions. The setting is stored in the database, so an import
 * that dies with it off leaves it to the next start to turn back on.
 */
export class SearchIndexRepository {
  constructor(private readonly db: Database) {}

  automerge(): number {
    return searchIndexAutomerge(this.db);
  }

  /** Sets `automerge` (0 turns merging at commit off); the default when `value` is undefined. */
  setAutomerge(value: number = DEFAULT_AUTOMERGE): void {
    // FTS5 takes only an integer here, and a JavaScript number is bound as a real.
    prepared(this.db, "INSERT INTO products_search (products_search, rank) VALUES ('automerge', ?)").run(BigInt(value));
  }

  /** Merges up to `pages` pages' worth of segments; false once there was nothing left to merge. Inside the caller's transaction. */
  merge(pages: number): boolean {
    return mergeSearchIndex(this.db, pages);
  }
}
