import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../shared/access.js';
import { openDataDirDatabase, userAdminFor } from '../../server/start.js';
import { api, login } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface StoreSummary {
  id: number;
  name: string;
}
interface CashierBody {
  id: number;
  uuid: string;
  username: string;
  roles: string[];
  capabilities: string[];
  last_access: string;
  stores: StoreSummary[];
  code: string;
}

let cashier: string;
let cashierLastAccess: string;
let oddUserId: number;

const { server, tokens } = useServer({ roles: ['administrator', 'shop_manager'] }, async () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    oddUserId = (await userAdminFor(db).addUser({ username: 'Jane.Doe@Till_2', role: 'cashier', password: 'jane-password-1', displayName: 'Jane Doe' })).id;
  } finally {
    db.close();
  }
  const session = await login(server, 'cashier');
  cashier = session.access_token;
  cashierLastAccess = new Date().toISOString();
});

describe('GET /cashier/{id}', () => {
  it('gives a cashier their own profile with roles, capabilities and stores', async () => {
    const { id } = server.users.cashier;
    const response = await api<CashierBody>(server, 'GET', `/cashier/${id}`, { token: cashier });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      username: 'test-cashier',
      first_name: '',
      last_name: '',
      email: 'test-cashier@example.test',
      display_name: 'test-cashier',
      nice_name: 'test-cashier',
      roles: ['cashier'],
      avatar_url: '',
    });
    expect(response.body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...response.body.capabilities].sort()).toEqual([...DEFAULT_ROLES.cashier.capabilities].sort());
    // The login just now is the last access.
    expect(response.body.last_access).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(response.body.last_access) - Date.parse(cashierLastAccess))).toBeLessThan(60_000);
    expect(response.body.stores).toHaveLength(1);
    expect(response.body.stores[0]).toMatchObject({ id: 1, name: 'Default store', currency: 'USD', _links: { self: [{ href: `${server.apiUrl}/stores/1` }] } });
  });

  it("answers 404 to a cashier asking for another user's profile, exactly as for a user that does not exist", async () => {
    const other = await api<CashierBody>(server, 'GET', `/cashier/${server.users.shop_manager.id}`, { token: cashier });
    const missing = await api<CashierBody>(server, 'GET', '/cashier/99999', { token: cashier });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('pos_rest_cashier_invalid_id');
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });

  it("shows another user's profile to the manager", async () => {
    const response = await api<CashierBody>(server, 'GET', `/cashier/${server.users.cashier.id}`, { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.body.username).toBe('test-cashier');
    expect(response.body.roles).toEqual(['cashier']);
    const odd = await api<CashierBody>(server, 'GET', `/cashier/${oddUserId}`, { token: tokens.administrator });
    expect(odd.status).toBe(200);
    expect(odd.body).toMatchObject({ username: 'Jane.Doe@Till_2', nice_name: 'jane-doe-till_2', display_name: 'Jane Doe', email: '', last_access: '' });
    expect((await api<CashierBody>(server, 'GET', '/cashier/99999', { token: tokens.shop_manager })).status).toBe(404);
  });
});

describe('GET /cashier/{id}/stores', () => {
  it('lists the stores the cashier is assigned to', async () => {
    expect((await api<StoreSummary>(server, 'POST', '/stores', { token: tokens.administrator, body: { name: 'Second till point' } })).status).toBe(201);
    for (const storeId of [1, 2])
      await api(server, 'PUT', `/stores/${storeId}/users`, { token: tokens.administrator, body: { user_ids: [server.users.cashier.id] } });
    const response = await api<StoreSummary[] & { code: string }>(server, 'GET', `/cashier/${server.users.cashier.id}/stores`, { token: cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('2');
    expect(response.body.map((store) => [store.id, store.name])).toEqual([
      [1, 'Default store'],
      [2, 'Second till point'],
    ]);
    const profile = await api<CashierBody>(server, 'GET', `/cashier/${server.users.cashier.id}`, { token: cashier });
    expect(profile.body.stores).toEqual(response.body);
  });

  it("answers 404 for another user's stores unless the caller manages the POS", async () => {
    const refused = await api<StoreSummary[] & { code: string }>(server, 'GET', `/cashier/${server.users.administrator.id}/stores`, { token: cashier });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('pos_rest_cashier_invalid_id');
    const allowed = await api<StoreSummary[] & { code: string }>(server, 'GET', `/cashier/${server.users.cashier.id}/stores`, { token: tokens.shop_manager });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toHaveLength(2);
  });
});
