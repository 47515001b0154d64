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
