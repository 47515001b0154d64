import BetterSqlite3, { type Database } from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';
import { createPrivateFile } from './private-files.js';
import { writeTransaction } from './write-transaction.js';

export type { Database } from 'better-sqlite3';

/** A database written by a newer Tillbase: opening it could lose data, so we refuse. */
export class DatabaseTooNewError extends Error {
  constructor(found: number, supported: number) {
    super(`the database is at schema version ${found}, but this Tillbase knows versions up to ${supported}; upgrade Tillbase to open it`);
    this.name = 'DatabaseTooNewError';
  }
}

/** Opens (creating if needed) a database file in WAL mode with foreign keys on, migrated to the latest schema. */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Database {
  if (file !== ':memory:' && file !== '') createPrivateFile(file);
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // 4 MiB of page cache instead of better-sqlite3's 16: the hot pages of a sale and a search fit,
    // the catalogue's documents and the audit's index never would, and the operating system caches
    // the file anyway. A long-running server filled all 16 MiB within its first pages (RSS); reads
    // from the OS cache measured no slower for searches, pages or a bulk insert.
    db.pragma('cache_size = -4096');
    // FULL: the WAL is synced at every commit, so an acknowledged sale survives a power cut (NORMAL
    // would lose every commit since the last checkpoint). TILLBASE_SYNCHRONOUS=NORMAL is a bench and
    // diagnostic switch only, to measure what FULL costs; anything else is FULL.
    db.pragma(`synchronous = ${process.env.TILLBASE_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Pages of write-ahead log after which the server's own connection copies them into the database (SQLite's default: 1,000). */
export const SERVER_CHECKPOINT_PAGES = 4000;

/**
 * The server's connection checkpoints the write-ahead log every SERVER_CHECKPOINT_PAGES pages instead
 * of every 1,000. A checkpoint runs inside the commit that crosses the mark, on the server's one
 * thread, and syncs the database file: 10–12 ms for 1,000 pages, which the request behind it waits
 * for. Storing the documents of a search's first answer writes about 78 pages, so one first answer
 * in 13 paid for a checkpoint, and those made the search p95 at 500 matches (5.0 ms against 4.2–4.4
 * in runs of the catalogue section side by side). Four times fewer checkpoints, each writing four
 * times the pages but syncing as often, took most of that tail away; sales measured the same (467
 * against 454 sales a second, p99 23.7 against 25.5 ms), and so did an import while 8 tills sell
 * (11.6–12.2 against 11.8–13.0 s). Other connections (an import, the CLI) keep SQLite's 1,000:
 * with 4,000 on every connection that import took 12.8 s against 11.1.
 */
export function checkpointLikeTheServer(db: Database): void {
  db.pragma(`wal_autocheckpoint = ${SERVER_CHECKPOINT_PAGES}`);
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs every step above the database's `user_version`, each in its own transaction. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`migration ${migration.name} is numbered ${migration.version}, expected ${index + 1}`);
  });
  const current = schemaVersion(db);
  if (current > migrations.length) throw new DatabaseTooNewError(current, migrations.length);
  for (const migration of migrations.slice(current)) {
    writeTransaction(db, () => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    });
  }
}
