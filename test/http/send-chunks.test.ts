import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enableCommitGroup, type CommitGroup } from '../../server/data/commit-group.js';
import { openDatabase, type Database } from '../../server/data/database.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { sendChunks } from '../../server/http/answers-after-commit.js';
import { makeDataDir } from '../helpers/server.js';

/*
 * `sendChunks` answers with a body in pieces (the sync audit: '[', 17 MB of entries, ']') on the
 * terms of every other answer: not a byte before the group commit that the answer's read could have
 * seen, and a 503 when that commit is lost. A real server on 127.0.0.1, a real database file, and a
 * COMMIT made to fail for real by a deferred foreign key.
 */

let server: Server | undefined;
let db: Database | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  const running = server;
  if (running !== undefined) {
    running.closeAllConnections();
    await new Promise<void>((resolve) => {
      running.close(() => {
        resolve();
      });
    });
  }
  db?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  server = db = dataDir = undefined;
});

/** A server whose one route writes `note` in the group (as a request's write does), then answers in three chunks. */
async function start(): Promise<{ origin: string; group: CommitGroup; pendingAtWrites: boolean[] }> {
  dataDir = makeDataDir();
  const database = openDatabase(join(dataDir, 'chunks.db'));
  db = database;
  database.exec(`
    CREATE TABLE owners (id INTEGER PRIMARY KEY);
    CREATE TABLE notes (note TEXT NOT NULL, owner INTEGER REFERENCES owners(id) DEFERRABLE INITIALLY DEFERRED);
  `);
  const group = enableCommitGroup(database);
  const pendingAtWrites: boolean[] = [];
  server = createServer((req, res: ServerResponse) => {
    const note = new URL(req.url ?? '/', 'http://localhost').searchParams.get('note') ?? '';
    // A note called "lost" points at a row that does not exist: SQLite refuses it only at COMMIT.
    writeTransaction(database, () => database.prepare('INSERT INTO notes (note, owner) VALUES (?, ?)').run(note, note === 'lost' ? 999_999 : null));
    const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
    res.write = ((chunk: Uint8Array) => {
      pendingAtWrites.push(group.pending);
      return write(chunk);
    }) as typeof res.write;
    res.setHeader('Content-Type', 'application/json');
    sendChunks(res, group, [Buffer.from('['), Buffer.from(JSON.stringify(note)), Buffer.from(']')]);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, group, pendingAtWrites };
}

describe('sendChunks', () => {
  it('sends the chunks as one body with its length, only once the writes of the turn are committed', async () => {
    const { origin, pendingAtWrites } = await start();
    const answer = await fetch(`${origin}/?note=kept`);
    expect([answer.status, answer.headers.get('content-length'), await answer.text()]).toEqual([200, '8', '["kept"]']);
    // Every chunk went out after the COMMIT: the group was open when the answer was handed over.
    expect(pendingAtWrites).toEqual([false, false, false]);
    expect(db?.prepare('SELECT note FROM notes').pluck().all()).toEqual(['kept']);
  });

  it('answers 503 pos_not_saved, and none of the chunks, when the commit is lost', async () => {
    const { origin, pendingAtWrites } = await start();
    const answer = await fetch(`${origin}/?note=lost`);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { code: string }).code).toBe('pos_not_saved');
    expect(pendingAtWrites).toEqual([]);
    expect(db?.prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(0);
  });
});
