import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkpointLikeTheServer, openDatabase, SERVER_CHECKPOINT_PAGES, type Database } from '../../server/data/database.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { DATABASE_FILE } from '../../server/start.js';
import { api, login, startTestServer, withDb } from '../helpers/server.js';

/*
 * The server's connection copies the write-ahead log into the database every SERVER_CHECKPOINT_PAGES
 * pages, other connections every 1,000 (SQLite's default), on a real database file: what is watched
 * is how many frames the log holds after commits of a known size, not the pragma alone.
 */

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tillbase-checkpoints-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Commits `pages` pages of new rows, 100 pages a commit, then returns how many frames the log holds (as a last PASSIVE checkpoint reports them). */
function framesAfterWriting(db: Database, pages: number): number {
  db.exec('CREATE TABLE IF NOT EXISTS filler (body BLOB NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (body) VALUES (zeroblob(3500))');
  for (let written = 0; written < pages; written += 100) {
    writeTransaction(db, () => {
      for (let row = 0; row < 100; row++) insert.run();
    });
  }
  return (db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]?.log ?? -1;
}

describe('checkpoints of the write-ahead log', () => {
  it('a connection of the CLI or an import checkpoints at 1,000 pages', () => {
    const db = openDatabase(join(dir, 'cli.db'));
    try {
      expect(framesAfterWriting(db, 2_500)).toBeLessThan(1_100);
    } finally {
      db.close();
    }
  });

  it(`the server's connection lets the log reach ${SERVER_CHECKPOINT_PAGES.toLocaleString('en')} pages, then checkpoints`, () => {
    const short = openDatabase(join(dir, 'server.db'));
    try {
      checkpointLikeTheServer(short);
      const beforeTheMark = framesAfterWriting(short, 2_500);
      expect(beforeTheMark).toBeGreaterThan(2_500);
      expect(beforeTheMark).toBeLessThan(SERVER_CHECKPOINT_PAGES);
    } finally {
      short.close();
    }
    // Past the mark the log was copied and starts again from its beginning.
    const long = openDatabase(join(dir, 'server-long.db'));
    try {
      checkpointLikeTheServer(long);
      expect(framesAfterWriting(long, SERVER_CHECKPOINT_PAGES + 1_000)).toBeLessThan(2_000);
    } finally {
      long.close();
    }
  });
});

describe("the server's own connection", () => {
  it('is the one that checkpoints late: products written over HTTP leave more than 1,000 pages in the log', async () => {
    const server = await startTestServer();
    try {
      const manager = (await login(server, 'shop_manager')).access_token;
      // Frames a write-ahead log of this size holds (its header is 32 bytes, a frame 24 and a page).
      const framesInFile = () => Math.floor((statSync(join(server.dataDir, `${DATABASE_FILE}-wal`)).size - 32) / (24 + 4096));
      const description = 'A long description that fills most of a page. '.repeat(70);
      for (let index = 0; index < 600 && framesInFile() < 1_500; index++) {
        const created = await api(server, 'POST', '/products', { token: manager, body: { name: `Checkpointed ${index}`, regular_price: '1.00', description } });
        expect(created.status).toBe(201);
      }
      // Checkpointing at 1,000 pages, the log would have started again from its beginning and never grown this long.
      expect(framesInFile()).toBeGreaterThanOrEqual(1_500);
      const log = withDb(server, (db) => (db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]?.log ?? 0);
      expect(log).toBeGreaterThanOrEqual(1_500);
    } finally {
      await server.close();
    }
  });
});
