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
