import { execFileSync } from 'node:child_process';
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

/** The young generation's size (MiB) in a fresh Node after an allocation-heavy loop, with or without the server's heap limits. */
function youngGenerationAfterLoad(tuned: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { keepHeapSmall } from ${JSON.stringify(new URL('../../dist/server/heap-tuning.js', import.meta.url).href)};
    if (${tuned}) keepHeapSmall();
    let kept = [];
    for (let i = 0; i < 2e6; i++) { kept.push({ i, text: 'row ' + i }); if (kept.length > 20000) kept = []; }
    process.stdout.write(String(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576));
  `;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('V8 heap limits of the server process', () => {
  it('keep the young generation at its starting size where V8 alone grows it to 32 MiB', () => {
    expect(youngGenerationAfterLoad(false)).toBeGreaterThanOrEqual(16);
    expect(youngGenerationAfterLoad(true)).toBeLessThanOrEqual(2);
  });
});
