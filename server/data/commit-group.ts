import type { Database } from 'better-sqlite3';
import { prepared } from './statements.js';

/**
 * Group commit for the server's connection: the write transactions of one turn of the event loop
 * share one COMMIT, and so one fsync of the write-ahead log.
 *
 * Why: with `synchronous = FULL` every COMMIT waits for the disk, and better-sqlite3 waits on the
 * only thread. Eight tills selling spent 39 % of the server's time in COMMIT, two a sale, and
 * queued behind each other for it. Requests that arrive together are now handled together: the
 * first write of a turn opens the group's transaction (BEGIN IMMEDIATE, so it waits for the write
 * lock up front as every write does), each write transaction runs inside it as a savepoint (a
 * refused one is rolled back alone), and the group commits once the turn's ready work is done
 * (`setImmediate`).
 *
 * What keeps it honest: nothing written in a group is acknowledged before its COMMIT has
 * returned. The HTTP layer holds every response that ends while a group is open (`whenCommitted`)
 * and sends it after the COMMIT, so no client ever sees a sale, or a read of one, that a power cut
 * could still take away. Should the COMMIT fail, or SQLite roll the whole group back after an
 * error (a full disk), the held responses are told it failed instead (`CommitLost`).
 * Other connections (an import, the CLI, a backup) see only what is committed, as before.
 */
export class CommitGroup {
  /** True while the group's transaction is open, between its first write and its COMMIT. */
  private open = false;
  private waiting: ((lost: CommitLost | undefined) => void)[] = [];
  /** Write transactions running now (nested ones count; kept by `writeTransaction`): what they read may yet be rolled back. */
  writing = 0;
  /** How many times a group was lost: what was read in a lost group was never committed. */
  private lostGroups = 0;

  constructor(private readonly db: Database) {}

  /** Called by `writeTransaction` before it starts: opens the group's transaction unless one is open. */
  join(): void {
    if (this.open) {
      if (this.db.inTransaction) return;
      // SQLite rolled the whole transaction back (SQLITE_FULL, SQLITE_IOERR and the like undo more
      // than the failing savepoint): what the group held before is gone, and so are its answers.
      this.open = false;
      this.settle(new CommitLost('the database rolled back the writes made with it'));
    }
    // Someone else's transaction (a caller that opened its own before the group was enabled): the
    // write becomes a savepoint in it, as it always did.
    if (this.db.inTransaction) return;
    prepared(this.db, 'BEGIN IMMEDIATE').run();
    this.open = true;
    setImmediate(() => {
      this.commit();
    });
  }

  /**
   * Whether a read now may be remembered (sql.ts `untilWritten`, the access cache): outside any
   * transaction, and in the group's own transaction between its writes, where what is read is
   * either committed with the group or, if the group is lost, forgotten with `lossCount`. Never in
   * a write, whose savepoint may yet be rolled back, nor in anybody else's transaction.
   */
  get readsMayBeRemembered(): boolean {
    if (!this.db.inTransaction) return true;
    return this.open && this.writing === 0;
  }

  /** Moves whenever a group is lost; what is remembered keys on it. */
  get lossCount(): number {
    return this.lostGroups;
  }

  /** True while writes wait for their COMMIT: what is answered now must wait for it too. */
  get pending(): boolean {
    return this.open;
  }

  /** `then` once what is written so far is committed (`undefined`) or lost; at once when nothing waits. */
  whenCommitted(then: (lost: CommitLost | undefined) => void): void {
    if (!this.open) {
      then(undefined);
      return;
    }
    this.waiting.push(then);
  }

  /** Commits the open group now (at the end of its turn, and before the database closes). */
  commit(): void {
    if (!this.open) return;
    this.open = false;
    if (!this.db.inTransaction) {
      this.settle(new CommitLost('the database rolled back the writes made with it'));
      return;
    }
    try {
      prepared(this.db, 'COMMIT').run();
    } catch (error) {
      // A failed COMMIT may leave the transaction open (a deferred constraint) or have ended it (I/O).
      if (stillInTransaction(this.db)) prepared(this.db, 'ROLLBACK').run();
      this.settle(new CommitLost(`the commit failed (${codeOf(error)})`));
      return;
    }
    this.settle(undefined);
  }

  private settle(lost: CommitLost | undefined): void {
    if (lost !== undefined) this.lostGroups += 1;
    const waiting = this.waiting;
    this.waiting = [];
    for (const then of waiting) then(lost);
  }
}

/** Writes that were not committed: whoever was to be told they were saved must be told they were not. */
export class CommitLost extends Error {
  constructor(why: string) {
    super(`nothing written in this turn was saved: ${why}`);
    this.name = 'CommitLost';
  }
}

/** `db.inTransaction`, read again after a statement that may have changed it (TypeScript narrows the property). */
function stillInTransaction(db: Database): boolean {
  return db.inTransaction;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown error';
}

const groups = new WeakMap<Database, CommitGroup>();

/** Turns group commit on for `db` (the server's connection); its writes then commit once a turn. */
export function enableCommitGroup(db: Database): CommitGroup {
  let group = groups.get(db);
  if (group === undefined) {
    group = new CommitGroup(db);
    groups.set(db, group);
  }
  return group;
}

/** The group of `db`, if the server turned one on. Connections of the CLI and the tests commit each transaction alone. */
export function commitGroupOf(db: Database): CommitGroup | undefined {
  return groups.get(db);
}

/** Whether what `db` reads now may be remembered until the next write: see `CommitGroup.readsMayBeRemembered`. */
export function readsMayBeRemembered(db: Database): boolean {
  return groups.get(db)?.readsMayBeRemembered ?? !db.inTransaction;
}

/** Part of every remembered read's key: moves when a group's writes are lost. */
export function lossCountOf(db: Database): number {
  return groups.get(db)?.lossCount ?? 0;
}
