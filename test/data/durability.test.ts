import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';
import { openDataDirDatabase } from '../../server/start.js';

/** SQLite's `PRAGMA synchronous` values. */
const NORMAL = 1;
const FULL = 2;

let dir: string;
let saved: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tillbase-durability-'));
  saved = process.env.TILLBASE_SYNCHRONOUS;
  delete process.env.TILLBASE_SYNCHRONOUS;
});

afterEach(() => {
  if (saved === undefined) delete process.env.TILLBASE_SYNCHRONOUS;
  else process.env.TILLBASE_SYNCHRONOUS = saved;
  rmSync(dir, { recursive: true, force: true });
});

function synchronousOf(open: () => ReturnType<typeof openDatabase>): number {
  const db = open();
  try {
    return db.pragma('synchronous', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('an acknowledged sale survives a power cut', () => {
  it('every connection runs with synchronous FULL: a new file, an existing one, and the data directory of the CLI and the server', () => {
    const file = join(dir, 'till.db');
    expect(synchronousOf(() => openDatabase(file))).toBe(FULL);
    expect(synchronousOf(() => openDatabase(file))).toBe(FULL);
    expect(synchronousOf(() => openDataDirDatabase(join(dir, 'data')))).toBe(FULL);
    expect(synchronousOf(() => openDataDirDatabase(join(dir, 'data')))).toBe(FULL);
  });

  it('only TILLBASE_SYNCHRONOUS=NORMAL (the bench switch) lowers it; any other value keeps FULL', () => {
    const file = join(dir, 'till.db');
    process.env.TILLBASE_SYNCHRONOUS = 'OFF';
    expect(synchronousOf(() => openDatabase(file))).toBe(FULL);
    process.env.TILLBASE_SYNCHRONOUS = 'normal';
    expect(synchronousOf(() => openDatabase(file))).toBe(FULL);
    process.env.TILLBASE_SYNCHRONOUS = 'NORMAL';
    expect(synchronousOf(() => openDatabase(file))).toBe(NORMAL);
  });
});
