import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/data/database.js';
import { MIGRATIONS } from '../../server/data/migrations/index.js';
import { DEFAULT_ROLES, ROLES } from '../../shared/access.js';
import { findPolicy, type HttpMethod } from '../../server/domain/access/policy.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api, makeDataDir } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens } = useServer();

const ROUTES: ReadonlyArray<[HttpMethod, string, string, string]> = [
  ['GET', '/registers', '/registers', 'access_pos'],
  ['GET', '/registers/{id}', '/registers/1', 'access_pos'],
  ['POST', '/registers', '/registers', 'manage_stores'],
  ['PATCH', '/registers/{id}', '/registers/1', 'manage_stores'],
  ['POST', '/registers/{id}/open', '/registers/1/open', 'handle_cash'],
  ['POST', '/registers/{id}/cash', '/registers/1/cash', 'handle_cash'],
  ['POST', '/registers/{id}/close', '/registers/1/close', 'handle_cash'],
  ['GET', '/registers/{id}/session', '/registers/1/session', 'handle_cash'],
  ['GET', '/registers/{id}/closures', '/registers/1/closures', 'handle_cash'],
  ['GET', '/closures/{id}', '/closures/1', 'handle_cash'],
];

describe('the register routes × the three roles, from the policy table', () => {
  for (const [method, template, path, capability] of ROUTES) {
    it(`${method} ${template} needs ${capability}`, async () => {
      expect(findPolicy(method, template)?.access).toBe(capability);
      for (const role of ROLES) {
        // An empty body: allowed callers get past access (to validation or a business answer), refused ones get 403.
        const response = await api(server, method, path, { token: tokens[role], body: method === 'GET' ? undefined : {} });
        const allowed = DEFAULT_ROLES[role].capabilities.includes(capability as never);
        if (allowed) expect(response.status, `${role}: ${JSON.stringify(response.body)}`).not.toBe(403);
        else expect([response.status, response.body.code, response.body.data.capability]).toEqual([403, 'pos_rest_forbidden', capability]);
      }
      expect((await api(server, method, path, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
    });
  }
  it('every role holds handle_cash by default', () => {
    for (const role of ROLES) expect(DEFAULT_ROLES[role].capabilities).toContain('handle_cash');
  });
});

describe('registers', () => {
  it('a fresh database has one register in the default store; managers add and rename registers', async () => {
    const list = await api(server, 'GET', '/registers', { token: tokens.cashier });
    expect(
      list.body.map((register: { id: number; store_id: number; name: string; status: string }) => [
        register.id,
        register.store_id,
        register.name,
        register.status,
      ]),
    ).toEqual([[1, 1, 'Register 1', 'active']]);
    const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Back counter' } });
    expect([created.status, created.body.store_id, created.body.session]).toEqual([201, 1, null]);
    const renamed = await api(server, 'PATCH', `/registers/${created.body.id}`, { token: tokens.shop_manager, body: { name: 'Terrace' } });
    expect(renamed.body.name).toBe('Terrace');
    const badStore = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Nowhere', store_id: 99 } });
    expect([badStore.status, badStore.body.code]).toEqual([400, 'pos_rest_invalid_store_id']);
    expect((await api(server, 'GET', '/registers/99', { token: tokens.cashier })).body.code).toBe('pos_rest_register_invalid_id');
  });

  it('an order may name its register; another store’s register is refused', async () => {
    const second = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Till 2' } });
    const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { meta_data: [{ key: '_pos_register', value: second.body.id }] } });
    expect(order.body.meta_data).toContainEqual({ id: expect.any(Number), key: '_pos_register', value: second.body.id });
    const refused = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { meta_data: [{ key: '_pos_register', value: 999 }] } });
    expect([refused.status, refused.body.code]).toEqual([400, 'pos_rest_invalid_register_id']);
  });

  it('only the user who opened a session, or a manager, closes it; a manager force-closes', async () => {
    const register = (await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Force' } })).body.id as number;
    expect((await api(server, 'POST', `/registers/${register}/open`, { token: tokens.administrator, body: { opening_float: '20.00' } })).status).toBe(201);
    const notYours = await api(server, 'POST', `/registers/${register}/close`, { token: tokens.cashier, body: { counted_cash: '20.00' } });
    expect([notYours.status, notYours.body.code, notYours.body.data.current_user]).toEqual([403, 'pos_register_session_not_yours', server.users.cashier.id]);
    const forced = await api(server, 'POST', `/registers/${register}/close`, { token: tokens.shop_manager, body: { counted_cash: '19.50' } });
    expect([forced.status, forced.body.z_number, forced.body.variance, forced.body.session.closed_by.id]).toEqual([
      200,
      1,
      '-0.50',
      server.users.shop_manager.id,
    ]);
    const disabled = await api(server, 'PATCH', `/registers/${register}`, { token: tokens.shop_manager, body: { status: 'disabled' } });
    expect(disabled.body.status).toBe('disabled');
    expect((await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '1' } })).body.code).toBe(
      'pos_register_disabled',
    );
  });

  it('validates the amounts', async () => {
    const register = (await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Amounts' } })).body.id as number;
    const negative = await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '-1' } });
    expect([negative.status, Object.keys(negative.body.data.params)]).toEqual([400, ['opening_float']]);
    await api(server, 'POST', `/registers/${register}/open`, { token: tokens.cashier, body: { opening_float: '0' } });
    const zero = await api(server, 'POST', `/registers/${register}/cash`, { token: tokens.cashier, body: { type: 'out', amount: '0' } });
    expect([zero.status, Object.keys(zero.body.data.params)]).toEqual([400, ['amount']]);
    const kind = await api(server, 'POST', `/registers/${register}/cash`, { token: tokens.cashier, body: { type: 'sideways', amount: '1' } });
    expect(Object.keys(kind.body.data.params)).toEqual(['type']);
  });

  it('require_open_session is on in a fresh database and for new stores, off for stores from before registers', async () => {
    const db = openDataDirDatabase(makeDataDir());
    try {
      expect(new StoresRepository(db).defaultStore().require_open_session).toBe(true);
    } finally {
      db.close();
    }
    const store = await api(server, 'POST', '/stores', { token: tokens.shop_manager, body: { name: 'Kiosk' } });
    expect(store.body.require_open_session).toBe(true);

    const older = new BetterSqlite3(join(makeDataDir(), 'tillbase.db'));
    try {
      migrate(older, MIGRATIONS.slice(0, 5));
      older.prepare("INSERT INTO users (uuid, username, display_name, password_hash, created_at) VALUES ('u', 'old', 'Old', 'x', '2025-01-01')").run();
      migrate(older);
      expect(new StoresRepository(older).defaultStore().require_open_session).toBe(false);
      expect(older.prepare("SELECT COUNT(*) AS n FROM role_capabilities WHERE capability = 'handle_cash'").get()).toEqual({ n: 3 });
      expect(older.prepare('SELECT store_id, name FROM registers').all()).toEqual([{ store_id: 1, name: 'Register 1' }]);
    } finally {
      older.close();
    }
  });
});
