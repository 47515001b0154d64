import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { salesSyncedSinceSql } from '../../server/data/repositories/sync-outbox.js';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';

/*
 * The duplicate sweep reads the sales synced since its last run every `sweep_minutes`; the outbox
 * keeps every entry the till ever sent, so without an index on the synced date that read is a scan
 * of the till's whole sync history. SQLite's own plan for the statement the repository runs says
 * which index it takes.
 */
describe('the duplicate sweep’s read of the outbox', () => {
  it('searches the index on kind, state and date synced, never scanning the outbox', () => {
    const dataDir = makeDataDir();
    const db = openDataDirDatabase(dataDir);
    try {
      const plan = db
        .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${salesSyncedSinceSql()}`)
        .all('2026-01-01T00:00:00')
        .map((row) => row.detail);
      expect(plan).toEqual(['SEARCH sync_outbox USING INDEX sync_outbox_synced (kind=? AND state=? AND date_synced_gmt>?)']);
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
