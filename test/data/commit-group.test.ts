import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitLost, enableCommitGroup } from '../../server/data/commit-group.js';
import { openDatabase } from '../../server/data/database.js';
import { untilWritten } from '../../server/data/sql.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { DATABASE_FILE } from '../../server/start.js';
import type { TokenResponse } from '../../shared/api.js';
import { runCli, serve } from '../helpers/cli.js';
import { api, login, makeDataDir, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/*
 * The server's writes commit in groups, one COMMIT a turn (server/data/commit-group.ts), and every
 * answer waits for its group's COMMIT (server/http/answers-after-commit.ts). A COMMIT is made to
 * fail for real here: a trigger adds a row that breaks a deferred foreign key, which SQLite checks
 * only at COMMIT, when the request's own work has long succeeded.
 */

const POISON = `
  CREATE TABLE IF NOT EXISTS test_poison (order_id INTEGER REFERENCES orders(id) DEFERRABLE INITIALLY DEFERRED);
  CREATE TRIGGER IF NOT EXISTS test_poison_order AFTER INSERT ON orders WHEN new.customer_note = 'poison' BEGIN INSERT INTO test_poison VALUES (-1); END;
`;

const { server } = useServer({ roles: [] }, () => {
  withDb(server, (db) => db.exec(POISON));
});

describe('group commit: nothing is answered before it is committed', () => {
  it('a sale whose COMMIT fails is answered 503 pos_not_saved, nothing of it is kept, and the next sale goes through', async () => {
    const cashier = (await login(server, 'cashier')).access_token;
    const lost = await api(server, 'POST', '/orders', { token: cashier, body: { customer_note: 'poison' } });
    expect([lost.status, lost.body.code]).toEqual([503, 'pos_not_saved']);
    expect(lost.headers.get('retry-after')).toBe('1');
    expect(withDb(server, (db) => db.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_note = 'poison'").get())).toEqual({ n: 0 });

    const kept = await api(server, 'POST', '/orders', { token: cashier, body: { customer_note: 'fine' } });
    expect(kept.status).toBe(201);
    expect(withDb(server, (db) => db.prepare('SELECT customer_note FROM orders WHERE id = ?').get(kept.body.id))).toEqual({ customer_note: 'fine' });
  });

  it('every answer to sixteen large sales at once is already on disk when it arrives, from a server in a process of its own', async () => {
    // In one process the group's COMMIT (setImmediate) always runs before the client reads an
    // answer, held or not. Across processes, an answer sent before a COMMIT that writes megabytes
    // and syncs them would arrive while it runs: each answer is checked from here, at once.
    const dataDir = makeDataDir();
    const tillbase = await serve(['--data-dir', dataDir, '--port', '0', '--secret-store', 'memory', '--no-demo', '--log-level', 'silent']);
    const reader = new BetterSqlite3(join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(
        (await runCli(['users', 'add', '--username', 'till', '--role', 'cashier', '--password-stdin'], 'till-password-1\n', { TILLBASE_DATA_DIR: dataDir }))
          .code,
      ).toBe(0);
      const token = (await api<TokenResponse>(tillbase, 'POST', '/auth/login', { body: { username: 'till', password: 'till-password-1' } })).body.access_token;
      const bulk = 'x'.repeat(800_000);
      const unseen: number[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async (_, index) => {
          const created = await api<{ id: number }>(tillbase, 'POST', '/orders?_fields=id', {
            token,
            body: { customer_note: `together ${index}`, meta_data: [{ key: 'bulk', value: bulk }] },
          });
          if (reader.prepare('SELECT id FROM orders WHERE id = ?').get(created.body.id) === undefined) unseen.push(created.body.id);
          expect(created.status).toBe(201);
        }),
      );
      expect(unseen).toEqual([]);
    } finally {
      reader.close();
      expect(await tillbase.stop()).toBe(0);
    }
  });
});

describe('writeTransaction and the commit group on a database file', () => {
  let dir: string;
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('what was read between the writes of a lost group is not remembered after it', () => {
    dir = mkdtempSync(join(tmpdir(), 'tillbase-commit-group-'));
    const db = openDatabase(join(dir, 'till.db'));
    try {
      db.exec(`
        CREATE TABLE things (id INTEGER PRIMARY KEY, value TEXT);
        CREATE TABLE poison (thing_id INTEGER REFERENCES things(id) DEFERRABLE INITIALLY DEFERRED);
        CREATE TRIGGER poison AFTER UPDATE ON things WHEN new.value = 'poison' BEGIN INSERT INTO poison VALUES (-1); END;
        INSERT INTO things VALUES (1, 'kept');
      `);
      const group = enableCommitGroup(db);
      const read = () => untilWritten(db, 'thing', () => db.prepare('SELECT value FROM things WHERE id = 1').pluck().get());
      writeTransaction(db, () => db.prepare("UPDATE things SET value = 'poison' WHERE id = 1").run());
      expect(group.pending).toBe(true);
      // Between the group's writes a read may be remembered: the group commits it, or its loss forgets it.
      expect(read()).toBe('poison');
      let outcome: unknown = 'waiting';
      group.whenCommitted((lost) => (outcome = lost));
      group.commit();
      expect(outcome).toBeInstanceOf(CommitLost);
      expect(db.inTransaction).toBe(false);
      expect(read()).toBe('kept');
    } finally {
      db.close();
    }
  });

  it('undoes a nested write that throws and keeps the rest; undoes everything when the outer one throws', () => {
    dir = mkdtempSync(join(tmpdir(), 'tillbase-write-transaction-'));
    const db = openDatabase(join(dir, 'till.db'));
    try {
      db.exec('CREATE TABLE notes (text TEXT)');
      const add = (text: string) => db.prepare('INSERT INTO notes VALUES (?)').run(text);
      writeTransaction(db, () => {
        add('outer');
        expect(() =>
          writeTransaction(db, () => {
            add('inner');
            throw new Error('refused');
          }),
        ).toThrow('refused');
        writeTransaction(db, () => add('second inner'));
      });
      expect(db.prepare('SELECT text FROM notes ORDER BY rowid').pluck().all()).toEqual(['outer', 'second inner']);
      expect(() =>
        writeTransaction(db, () => {
          add('lost');
          throw new Error('whole');
        }),
      ).toThrow('whole');
      expect(db.inTransaction).toBe(false);
      expect(db.prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(2);
    } finally {
      db.close();
    }
  });
});
