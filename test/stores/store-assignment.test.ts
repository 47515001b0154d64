import { describe, expect, it } from 'vitest';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

/** Cashier ↔ store assignment (issue 8, item 7). */
const { server, tokens } = useServer({ roles: ['shop_manager', 'cashier'] });

const storesOf = async (userId: number, token = tokens.cashier) =>
  ((await api(server, 'GET', `/cashier/${userId}/stores`, { token })).body as Array<{ id: number }>).map((store) => store.id);

describe('stores a user sells in', () => {
  it('with one store, everyone is in it', async () => {
    expect(await storesOf(server.users.cashier.id)).toEqual([1]);
    expect(withDb(server, (db) => servicesOf(db).storeAccess.storeForNewOrder(server.users.cashier.id).id)).toBe(1);
  });

  it('lists only the stores a manager assigned, and new orders go to one of them', async () => {
    const north = (await api(server, 'POST', '/stores', { token: tokens.shop_manager, body: { name: 'North' } })).body.id as number;
    const south = (await api(server, 'POST', '/stores', { token: tokens.shop_manager, body: { name: 'South' } })).body.id as number;
    // Not assigned anywhere: the default store only, not every store.
    expect(await storesOf(server.users.cashier.id)).toEqual([1]);
    const assigned = await api(server, 'PUT', `/stores/${north}/users`, { token: tokens.shop_manager, body: { user_ids: [server.users.cashier.id] } });
    expect(assigned.body).toEqual({ store_id: north, user_ids: [server.users.cashier.id] });
    expect(await storesOf(server.users.cashier.id)).toEqual([north]);
    const profile = await api(server, 'GET', `/cashier/${server.users.cashier.id}`, { token: tokens.cashier });
    expect(profile.body.stores.map((store: any) => store.name)).toEqual(['North']);
    withDb(server, (db) => {
      const access = servicesOf(db).storeAccess;
      expect(access.storeForNewOrder(server.users.cashier.id).id).toBe(north);
      expect(() => access.storeForNewOrder(server.users.cashier.id, south)).toThrow('not assigned to store');
    });
    // Managers sell everywhere.
    expect(await storesOf(server.users.shop_manager.id, tokens.shop_manager)).toEqual([1, north, south]);
    await api(server, 'PUT', `/stores/${north}/users`, { token: tokens.shop_manager, body: { user_ids: [] } });
    expect(await storesOf(server.users.cashier.id)).toEqual([1]);
  });

  it('refuses unknown users and cashiers', async () => {
    const unknown = await api(server, 'PUT', '/stores/1/users', { token: tokens.shop_manager, body: { user_ids: [424242] } });
    expect([unknown.status, unknown.body.data.params]).toEqual([400, { user_ids: 'no user with id 424242' }]);
    const denied = await api(server, 'PUT', '/stores/1/users', { token: tokens.cashier, body: { user_ids: [server.users.cashier.id] } });
    expect([denied.status, denied.body.data.capability]).toEqual([403, 'manage_stores']);
    expect((await api(server, 'GET', '/stores/1/users', { token: tokens.cashier })).status).toBe(403);
    expect((await api(server, 'GET', '/stores/1/users', { token: (await login(server, 'administrator')).access_token })).status).toBe(200);
  });
});
