import type { Database } from 'better-sqlite3';

/**
 * Runs `work` in a transaction that takes SQLite's write lock before its first read (BEGIN IMMEDIATE).
 * A deferred transaction that reads and then writes cannot wait for a busy lock: SQLite answers
 * SQLITE_BUSY at once to avoid a deadlock. Taking the lock up front makes it wait `busy_timeout`
 * instead, so a sale made while an import or another till writes waits and then succeeds.
 * Inside an open transaction it becomes a savepoint, so services can nest it freely.
 * This is the only place allowed to open a transaction (an eslint rule enforces it).
 */
export function writeTransaction<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}

/**
 * `work` in a write transaction only if the write lock is free at once (`busy_timeout` is 0 while
 * it runs): for work that can wait for a later chance (merging the search index, keeping product
 * documents) and must never hold up a sale. `done` is false when another connection held the lock;
 * any other failure is thrown.
 */
export function writeTransactionIfFree<T>(db: Database, work: () => T): { done: true; value: T } | { done: false } {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return { done: true, value: writeTransaction(db, work) };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return { done: false };
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
