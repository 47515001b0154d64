/** Helpers shared by the repositories: statement caching and WHERE clauses built from filters. */
import type { Database, Statement } from 'better-sqlite3';

/** Named parameters for a query assembled from optional filters. */
export class SqlParams {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  bind(value: unknown): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `@${name}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((value) => this.bind(value)).join(', ');
  }
}

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The filters every WooCommerce collection takes (woocommerce-reference §3); dates are GMT strings. */
export interface CollectionFilter {
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  modifiedAfter?: string | undefined;
  modifiedBefore?: string | undefined;
}

/**
 * Past this many distinct statements a database's cache forgets the least recently used one (list
 * queries vary with their filters; the sale's few dozen statements stay, however many lists run).
 */
const STATEMENT_CACHE_SIZE = 512;
const statementCaches = new WeakMap<Database, Map<string, Statement>>();

/**
 * A prepared statement for this SQL on this database, compiled once: compiling costs more than
 * running, and the auth check, the sale, imports and syncs run the same statements thousands of
 * times. This is the only place that compiles statements (an eslint rule enforces it). A cached
 * statement is shared: a caller that sets `pluck` or `raw` on it owns that SQL text.
 */
export function prepared<Parameters extends unknown[] | object = unknown[], Result = unknown>(db: Database, sql: string): Statement<Parameters, Result> {
  let cache = statementCaches.get(db);
  if (cache === undefined) {
    cache = new Map();
    statementCaches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement === undefined) {
    statement = db.prepare(sql);
    if (cache.size >= STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
  } else {
    // A Map iterates in insertion order: moving a hit to the end keeps the oldest key the least recently used.
    cache.delete(sql);
  }
  cache.set(sql, statement);
  return statement as Statement<Parameters, Result>;
}

const externalReads = new WeakMap<Database, { version: number; values: Map<string, unknown> }>();

/**
 * `read()`, remembered per database and key for as long as no other connection commits (SQLite's
 * `PRAGMA data_version`, a read of shared memory). Only for tables this connection never writes:
 * its own writes do not move the version. Callers must not change what comes back.
 */
export function unlessChangedElsewhere<T>(db: Database, key: string, read: () => T): T {
  const version = prepared<[], number>(db, 'PRAGMA data_version').pluck(true).get() ?? 0;
  let entry = externalReads.get(db);
  if (entry?.version !== version) {
    entry = { version, values: new Map() };
    externalReads.set(db, entry);
  }
  if (entry.values.has(key)) return entry.values.get(key) as T;
  const value = read();
  entry.values.set(key, value);
  return value;
}
