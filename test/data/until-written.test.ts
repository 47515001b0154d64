import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionsRepository } from '../../server/data/repositories/sessions.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { UsersRepository } from '../../server/data/repositories/users.js';
import { readAfresh } from '../../server/data/sql.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { openDataDirDatabase, userAdminFor } from '../../server/start.js';
import { api, login, makeDataDir, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/*
 * What every request reads (its session and user, the default store, the settings) is remembered
 * until anything is written (`untilWritten` in server/data/sql.ts). Each test reads a value twice so
 * that it is remembered, changes it once, and expects the very next read to show the change: from
 * another connection (another process: the CLI, a second till), from the server's own connection,
 * and never a value seen inside a transaction that was rolled back.
 */

const { server, tokens } = useServer({ roles: ['administrator'] });

describe('reads remembered until the next write, through HTTP', () => {
  it('a session revoked by another connection is refused on the very next request', async () => {
    const cashier = await login(server, 'cashier');
    for (let read = 0; read < 2; read++) expect((await api(server, 'GET', '/products', { token: cashier.access_token })).status).toBe(200);

    withDb(server, (db) =>
      db.prepare('UPDATE sessions SET revoked_at = unixepoch(), revoked_reason = ? WHERE user_id = ?').run('revoked', server.users.cashier.id),
    );
    const refused = await api(server, 'GET', '/products', { token: cashier.access_token });
    expect([refused.status, refused.body.code]).toEqual([403, 'pos_auth_token_revoked']);
  });

  it("the store's currency changed by another connection, then through the API, shows in the next product served", async () => {
    const created = await api(server, 'POST', '/products', { token: tokens.administrator, body: { name: 'Remembered Tea', regular_price: '4.50' } });
    expect(created.status).toBe(201);
    const priceHtml = async () => {
      const answer = await api(server, 'GET', `/products/${created.body.id}`, { token: tokens.administrator });
      expect(answer.status).toBe(200);
      return answer.body.price_html as string;
    };
    for (let read = 0; read < 2; read++) expect(await priceHtml()).toContain('>$<');

    withDb(server, (db) => db.prepare("UPDATE stores SET fields = json_set(fields, '$.currency', 'EUR') WHERE id = 1").run());
    expect(await priceHtml()).toContain('>€<');

    expect((await api(server, 'PATCH', '/stores/1', { token: tokens.administrator, body: { currency: 'GBP' } })).status).toBe(200);
    expect(await priceHtml()).toContain('>£<');
  });

  it('a setting written by another connection shows in the next answer', async () => {
    const storeName = async () => (await api(server, 'GET', '/settings/general', { token: tokens.administrator })).body.store_name as string;
    for (let read = 0; read < 2; read++) expect(await storeName()).toBe('');

    withDb(server, (db) =>
      db
        .prepare(
          "INSERT INTO settings (section, key, value) VALUES ('general', 'store_name', '\"Corner Shop\"') ON CONFLICT (section, key) DO UPDATE SET value = excluded.value",
        )
        .run(),
    );
    expect(await storeName()).toBe('Corner Shop');
  });
});

describe('reads remembered until the next write, on one connection', () => {
  it('is the same frozen value until this connection writes, and never what a rolled-back transaction saw', () => {
    const dataDir = makeDataDir();
    const db = openDataDirDatabase(dataDir);
    try {
      const stores = new StoresRepository(db);
      const remembered = stores.defaultStore();
      expect(stores.defaultStore()).toBe(remembered);
      expect(() => {
        (remembered as { name: string }).name = 'Changed by a caller';
      }).toThrow(TypeError);

      expect(() =>
        writeTransaction(db, () => {
          db.prepare("UPDATE stores SET name = 'Seen inside' WHERE id = 1").run();
          expect(stores.defaultStore().name).toBe('Seen inside');
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(stores.defaultStore().name).toBe(remembered.name);

      db.prepare("UPDATE stores SET name = 'Renamed' WHERE id = 1").run();
      expect(stores.defaultStore().name).toBe('Renamed');
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sees another connection's commit at the next request or the next turn of the event loop, not within a turn", async () => {
    const dataDir = makeDataDir();
    const server = openDataDirDatabase(dataDir);
    const other = openDataDirDatabase(dataDir);
    try {
      const users = new UsersRepository(server);
      await userAdminFor(server).addUser({ username: 'turns', role: 'cashier', password: 'turns-password' });
      const sessions = new SessionsRepository(server);
      const userId = users.findByUsername('turns')?.id ?? 0;
      sessions.create({ id: 'turn-session', user_id: userId, created_at: 1, refresh_expires_at: 2, user_agent: '', client_address: '' });
      const revokedAt = () => sessions.findWithUser('turn-session')?.session.revoked_at;
      readAfresh();
      expect(revokedAt()).toBeNull();
      other.prepare('UPDATE sessions SET revoked_at = 10 WHERE id = ?').run('turn-session');
      // Within the turn, PRAGMA data_version is not asked again (it costs a read lock each time).
      expect(revokedAt()).toBeNull();
      readAfresh();
      expect(revokedAt()).toBe(10);

      other.prepare('UPDATE sessions SET revoked_at = 20 WHERE id = ?').run('turn-session');
      await new Promise((resolve) => setImmediate(resolve));
      expect(revokedAt()).toBe(20);
    } finally {
      other.close();
      server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
