import BetterSqlite3, { type Database } from 'better-sqlite3';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateFile, writePrivateFile } from './private-files.js';

/**
 * One process at a time owns a data directory: the server for its whole life, `tillbase restore`
 * while it swaps the database. The lock is an exclusive SQLite lock on `tillbase.lock`, that is an
 * OS file lock, which the kernel drops when the process ends however it ends: kill -9 leaves
 * no stale lock behind. `server.json` only says who holds it, for the refusal message; the lock
 * alone decides.
 */
export const LOCK_FILE = 'tillbase.lock';
export const HOLDER_FILE = 'server.json';

export interface LockHolder {
  pid: number;
  /** What holds the lock: `serve` or `restore`. */
  command: string;
  /** The server's address once it listens; null while it starts and for other commands. */
  url: string | null;
  started_at: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`the data directory ${dataDir} is in use by ${describeHolder(holder)}`);
    this.name = 'DataDirInUseError';
  }
}

export function describeHolder(holder: LockHolder | undefined): string {
  if (holder === undefined) return 'another Tillbase process';
  if (holder.command !== 'serve') return `tillbase ${holder.command} (pid ${holder.pid})`;
  return `a running Tillbase server (pid ${holder.pid}, ${holder.url ?? 'still starting'})`;
}

export interface ServerLock {
  readonly dataDir: string;
  /** Records the address the server listens on, for the message a second start prints. */
  announce(url: string): void;
  release(): void;
}

/**
 * Locks that are held. A connection nobody references is closed by the garbage collector, which
 * would silently drop its lock; this set keeps each one alive until it is released.
 */
const heldLocks = new Set<Database>();

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function readHolder(dataDir: string): LockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.command !== 'string' || typeof value.started_at !== 'string') return undefined;
    return { pid: value.pid, command: value.command, url: typeof value.url === 'string' ? value.url : null, started_at: value.started_at };
  } catch {
    return undefined;
  }
}

/** Whether a process with this id runs now (EPERM: it runs as somebody else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

const HOLDER_WAIT_MS = 1000;
const HOLDER_POLL_MS = 20;
/** How long taking the lock waits out another process's passing lock (see tryLock). */
const LOCK_RACE_WAIT_MS = 250;

/**
 * The record of whoever holds the lock now. A holder writes it just after taking the lock, so a
 * process refused in between (two first starts at once) finds none yet, or the record of a holder
 * killed with -9 earlier: it waits, up to a second, for the record of a process that is alive,
 * rather than naming nobody or a dead process. Blocking is fine here: the caller is about to exit.
 */
function awaitHolder(dataDir: string): LockHolder | undefined {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + HOLDER_WAIT_MS;
  for (;;) {
    const holder = readHolder(dataDir);
    if (holder !== undefined && isAlive(holder.pid)) return holder;
    if (Date.now() >= deadline) return undefined;
    Atomics.wait(pause, 0, 0, HOLDER_POLL_MS);
  }
}

/** Tries the exclusive lock, waiting out only a passing lock; the connection holding it, or undefined if another process has it. */
function tryLock(file: string, mustExist: boolean): Database | undefined {
  // A holder keeps the lock for as long as it runs, so a long wait is pointless. But two first
  // starts at once each pass through a SHARED lock on the way to EXCLUSIVE, and without a wait
  // both can meet the other's and give up, nobody serving (7 rounds in 100). The short busy wait
  // lets exactly one finish; it works because a refused attempt drops its SHARED lock before the
  // next try, which locking_mode=EXCLUSIVE would prevent (both then waited each other out: 4 in
  // 100). BEGIN EXCLUSIVE alone holds the lock: the transaction is never ended.
  const db = new BetterSqlite3(file, { timeout: LOCK_RACE_WAIT_MS, fileMustExist: mustExist });
  try {
    // Nothing is ever written: an in-memory journal keeps a stray journal file out of the directory.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    return db;
  } catch (error) {
    db.close();
    if (isBusy(error)) return undefined;
    throw error;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the holder.
 * Call it before the database is opened, so that two first starts never migrate at once.
 */
export function acquireServerLock(dataDir: string, command = 'serve'): ServerLock {
  const file = join(dataDir, LOCK_FILE);
  createPrivateFile(file);
  const db = tryLock(file, true);
  if (db === undefined) throw new DataDirInUseError(dataDir, awaitHolder(dataDir));
  heldLocks.add(db);
  const holder: LockHolder = { pid: process.pid, command, url: null, started_at: new Date().toISOString() };
  const record = (): void => {
    writePrivateFile(join(dataDir, HOLDER_FILE), `${JSON.stringify(holder, null, 2)}\n`);
  };
  try {
    record();
  } catch (error) {
    heldLocks.delete(db);
    db.close();
    throw error;
  }
  let released = false;
  return {
    dataDir,
    announce(url) {
      holder.url = url;
      record();
    },
    release() {
      if (released) return;
      released = true;
      // The record goes first: once the lock is free, the file belongs to whoever takes it next.
      const current = readHolder(dataDir);
      if (current?.pid === holder.pid && current.started_at === holder.started_at) rmSync(join(dataDir, HOLDER_FILE), { force: true });
      heldLocks.delete(db);
      db.close();
    },
  };
}

/** Who holds the data directory now, if anyone (checked against the lock, never trusting server.json alone). Creates nothing. */
export function runningServer(dataDir: string): LockHolder | 'unknown' | undefined {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return undefined;
  const db = tryLock(file, true);
  if (db === undefined) return awaitHolder(dataDir) ?? 'unknown';
  db.close();
  return undefined;
}
