/** The one place statements are compiled: each SQL text once per database. */
import type { Database, Statement } from 'better-sqlite3';

/**
 * A database's statements in two generations: those used since the last turn, and those used in
 * the one before. When the recent one is full it becomes the older one and the older is dropped,
 * so a statement is forgotten once 256 to 512 others have been used since it last was (list
 * queries vary with their filters; the sale's few dozen statements stay however many lists run).
 * A hit is one Map lookup.
 */
const GENERATION_SIZE = 256;
interface StatementCache {
  recent: Map<string, Statement>;
  older: Map<string, Statement>;
}
const statementCaches = new WeakMap<Database, StatementCache>();

/**
 * A prepared statement for this SQL on this database, compiled once: compiling costs more than
 * running, and the auth check, the sale, imports and syncs run the same statements thousands of
 * times. This is the only place that compiles statements (an eslint rule enforces it). A cached
 * statement is shared: a caller that sets `pluck` or `raw` on it owns that SQL text.
 */
export function prepared<Parameters extends unknown[] | object = unknown[], Result = unknown>(db: Database, sql: string): Statement<Parameters, Result> {
  let cache = statementCaches.get(db);
  if (cache === undefined) {
    cache = { recent: new Map(), older: new Map() };
    statementCaches.set(db, cache);
  }
  let statement = cache.recent.get(sql);
  if (statement === undefined) {
    statement = cache.older.get(sql) ?? db.prepare(sql);
    if (cache.recent.size >= GENERATION_SIZE) {
      cache.older = cache.recent;
      cache.recent = new Map();
    }
    cache.recent.set(sql, statement);
  }
  return statement as Statement<Parameters, Result>;
}
