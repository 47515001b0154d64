import { chmodSync, closeSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

/** Windows has no POSIX modes; its data directory sits in the user's profile, which other users cannot read. */
const MODES_APPLY = process.platform !== 'win32';
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;
const GROUP_AND_OTHERS = 0o077;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Creates an empty file only its owner can read and write, unless it exists already. SQLite opens an
 * existing file as it is and gives its -wal, -shm and journal files the database file's mode, so a
 * database created this way never has a world-readable moment or companion.
 */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Writes a whole file, mode 0600, through a temporary file and a rename: a reader never sees half of it. */
export function writePrivateFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, content, { mode: PRIVATE_FILE, flag: 'w' });
    if (MODES_APPLY) chmodSync(temporary, PRIVATE_FILE);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Takes group and others' access away from a file that has any; true if it had to. Missing files are left alone. */
export function tightenFile(file: string): boolean {
  if (!MODES_APPLY) return false;
  try {
    if ((statSync(file).mode & GROUP_AND_OTHERS) === 0) return false;
    chmodSync(file, PRIVATE_FILE);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Makes a directory 0700 if group or others could read, write or enter it; returns its previous mode if it changed. */
export function tightenDirectory(dir: string): number | undefined {
  if (!MODES_APPLY) return undefined;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & GROUP_AND_OTHERS) === 0) return undefined;
  chmodSync(dir, PRIVATE_DIR);
  return mode;
}
