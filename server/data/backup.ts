import BetterSqlite3 from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { DatabaseTooNewError, schemaVersion } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import { createPrivateFile } from './private-files.js';
import { prepared } from './statements.js';

/** The tables of schema version 1: every Tillbase database, however old, has them. */
const TILLBASE_TABLES = ['installation', 'users', 'roles', 'role_capabilities', 'user_roles', 'sessions'] as const;
/** Files SQLite keeps beside a database; a stale one would be replayed into whatever database takes the name next. */
const COMPANIONS = ['-wal', '-journal', '-shm'] as const;
/** better-sqlite3 clamps a step to this many pages: the whole database in one step, so one read transaction. */
const ALL_PAGES = 0x7fffffff;

/** A file that cannot be used as a Tillbase database; the message says why. */
export class UnusableDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableDatabaseError';
  }
}

export interface DatabaseFileFacts {
  bytes: number;
  schemaVersion: number;
}

function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/**
 * Copies a database into a new file (mode 0600) with SQLite's online backup, consistent even while
 * a server writes to it. All pages go in one step, that is one read transaction: copied in small
 * steps, a busy till's every sale would restart the copy. `readonly` for a file that is not ours
 * to change (a backup being restored); a live WAL database needs a writable connection to read.
 */
export async function copyDatabase(source: string, target: string, options: { readonly: boolean }): Promise<void> {
  createPrivateFile(target);
  const db = new BetterSqlite3(source, { readonly: options.readonly, fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(target, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(target, { force: true });
    const code = sqliteCode(error);
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new UnusableDatabaseError('it is not a SQLite database');
    throw error;
  } finally {
    db.close();
  }
}

/**
 * A checked backup of a live database in a new file `target` (mode 0600), made as `tillbase backup`
 * makes it: copied while the server sells, then checked and made self-contained. Nothing is left at
 * `target` when it fails.
 */
export async function backupDatabase(source: string, target: string): Promise<DatabaseFileFacts> {
  try {
    await copyDatabase(source, target, { readonly: false });
    return checkTillbaseDatabase(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

/**
 * Checks that a file is a whole Tillbase database this code can open: SQLite's integrity check
 * passes, the tables of the first schema version are there, and the schema is not newer than ours.
 * It leaves the file a single self-contained file (rollback journal, no -wal beside it).
 */
export function checkTillbaseDatabase(file: string): DatabaseFileFacts {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    let problems: string[];
    try {
      problems = prepared<[], string>(db, 'PRAGMA integrity_check').pluck().all();
    } catch (error) {
      const code = sqliteCode(error);
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new UnusableDatabaseError('it is not a SQLite database');
      throw error;
    }
    if (problems.join() !== 'ok') throw new UnusableDatabaseError(`SQLite's integrity check fails: ${problems.slice(0, 3).join('; ')}`);
    const tables = new Set(prepared<[], string>(db, "SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all());
    const missing = TILLBASE_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) throw new UnusableDatabaseError(`it is not a Tillbase database (no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''})`);
    const version = schemaVersion(db);
    if (version > MIGRATIONS.length) throw new DatabaseTooNewError(version, MIGRATIONS.length);
    db.pragma('journal_mode = DELETE');
    db.close();
    return { bytes: statSync(file).size, schemaVersion: version };
  } finally {
    if (db.open) db.close();
  }
}

/**
 * Moves a database out of the way as `keepAs`, whole: its write-ahead log is checkpointed into it
 * first, and what SQLite could not fold in (another process still had it open) moves along under
 * the matching name. Returns false when there was no database.
 */
export function setAsideDatabase(file: string, keepAs: string): boolean {
  if (!existsSync(file)) return false;
  const db = new BetterSqlite3(file, { fileMustExist: true, timeout: 5000 });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  renameSync(file, keepAs);
  for (const suffix of COMPANIONS) {
    if (!existsSync(`${file}${suffix}`)) continue;
    // The shared-memory index is rebuilt from the log on the next open; the log and journal hold data.
    if (suffix === '-shm') rmSync(`${file}${suffix}`, { force: true });
    else renameSync(`${file}${suffix}`, `${keepAs}${suffix}`);
  }
  return true;
}

/** Puts a checked copy in place under the database's name in one rename, so no half-copied database is ever seen. */
export function installDatabase(copy: string, file: string): void {
  for (const suffix of COMPANIONS) rmSync(`${file}${suffix}`, { force: true });
  renameSync(copy, file);
}
