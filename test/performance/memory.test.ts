import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';

/*
 * better-sqlite3 builds SQLite with a 16 MiB page cache per connection, which a running server fills
 * within its first pages of the catalogue: every connection Tillbase opens keeps 4 MiB instead.
 */
const dir = mkdtempSync(join(tmpdir(), 'tillbase-memory-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite memory', () => {
  it('keeps a page cache of 4 MiB per connection', () => {
    const db = openDatabase(join(dir, 'tillbase.db'));
    try {
      expect(db.pragma('cache_size', { simple: true })).toBe(-4096);
      expect(db.pragma('mmap_size', { simple: true })).toBe(0);
    } finally {
      db.close();
    }
  });
});
