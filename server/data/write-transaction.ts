import type { Database } from 'better-sqlite3';
import { commitGroupOf } from './commit-group.js';
import { prepared } from './statements.js';

/**
 * Runs `work` in a transaction that takes SQLite's write lock before its first read (BEGIN IMMEDIATE).
 * A deferred transaction that reads and then writes cannot wait for a busy lock: SQLite answers
 * SQLITE_BUSY at once to avoid a deadlock. Taking the lock up front makes it wait `busy_timeout`
 * instead, so a sale made while an import or another till writes waits and then succeeds.
 * Inside an open transaction it becomes a savepoint, so services can nest it freely.
 * On the server's connection it joins the turn's commit group (commit-group.ts): a savepoint in
 * the group's transaction, committed with the rest of the turn's writes.
 * This is the only place allowed to open a transaction (an eslint rule enforces it).
 */
export function writeTransaction<T>(db: Database, work: () => T): T {
  const group = commitGroupOf(db);
  if (group === undefined) return inTransaction(db, work);
  group.join();
  group.writing += 1;
  try {
    return inTransaction(db, work);
  } finally {
    group.writing -= 1;
  }
}

/**
 * What better-sqlite3's `db.transaction(work).immediate()` does (BEGIN IMMEDIATE and COMMIT, or a
 * savepoint inside an open transaction; undone on any throw), without building its four wrapper
 * functions on every call: a sale opened eight of them, and building them cost more than the
 * SAVEPOINT and RELEASE statements they run.
 */
function inTransaction<T>(db: Database, work: () => T): T {
  const nested = db.inTransaction;
  prepared(db, nested ? 'SAVEPOINT write_transaction' : 'BEGIN IMMEDIATE').run();
  let result: T;
  try {
    result = work();
  } catch (error) {
    // SQLite may have rolled the whole transaction back itself (a full disk): then nothing is left to undo.
    if (db.inTransaction) {
      if (nested) {
        prepared(db, 'ROLLBACK TO write_transaction').run();
        prepared(db, 'RELEASE write_transaction').run();
      } else {
        prepared(db, 'ROLLBACK').run();
      }
    }
    throw error;
  }
  prepared(db, nested ? 'RELEASE write_transaction' : 'COMMIT').run();
  return result;
}

/**
 * `work` in a write transaction only if the write lock is free at once (`busy_timeout` is 0 while
 * it runs): for work that can wait for a later chance (merging the search index, keeping product
 * documents) and must never hold up a sale. `done` is false when another connection held the lock;
 * any other failure is thrown. It commits at once and never opens a commit group (nobody waits for
 * it); inside an open transaction or group it is a savepoint there, the lock being held already.
 */
export function writeTransactionIfFree<T>(db: Database, work: () => T): { done: true; value: T } | { done: false } {
  if (db.inTransaction) return { done: true, value: writeTransaction(db, work) };
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return { done: true, value: inTransaction(db, work) };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return { done: false };
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/**
 * `work`'s reads from one snapshot of the database: a read that takes several statements (the sync
 * audit, read in pieces) must not see another connection's commit between two of them. A deferred
 * BEGIN, since it writes nothing; inside an open transaction `work` already reads from one.
 */
export function readTransaction<T>(db: Database, work: () => T): T {
  if (db.inTransaction) return work();
  prepared(db, 'BEGIN').run();
  try {
    return work();
  } finally {
    // Whatever `work` did, it wrote nothing: ending the transaction only lets the snapshot go.
    if (stillOpen(db)) prepared(db, 'COMMIT').run();
  }
}

/** `db.inTransaction`, asked again after `work` (TypeScript keeps the value it narrowed before). */
function stillOpen(db: Database): boolean {
  return db.inTransaction;
}
