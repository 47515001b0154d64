import { describe, expect, it } from 'vitest';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Roles and capabilities are kept in memory between requests: every kind of change to them still
 * applies to the very next request made with a token issued before it (CONTRACT 3). `tillbase roles`
 * from another process is covered in roles-cli.test.ts.
 */
const { server, tokens } = useServer({ roles: ['administrator'] });

const customers = async (token: string) => api(server, 'GET', '/customers', { token });

describe('cached capabilities', () => {
  it('a role changed through PATCH /roles applies to the next request of a user already signed in', async () => {
    const cashier = (await login(server, 'cashier')).access_token;
    const role = (await api(server, 'GET', '/roles', { token: tokens.administrator })).body.find((entry: { name: string }) => entry.name === 'cashier') as {
      capabilities: string[];
    };
    expect((await customers(cashier)).status).toBe(200);

    const without = role.capabilities.filter((capability) => capability !== 'list_customers');
    expect((await api(server, 'PATCH', '/roles/cashier', { token: tokens.administrator, body: { capabilities: without } })).status).toBe(200);
    const refused = await customers(cashier);
    expect([refused.status, refused.body.data?.capability]).toEqual([403, 'list_customers']);

    expect((await api(server, 'PATCH', '/roles/cashier', { token: tokens.administrator, body: { capabilities: role.capabilities } })).status).toBe(200);
    expect((await customers(cashier)).status).toBe(200);
  });

  it("a user's role changed through PATCH /users applies to their next request", async () => {
    const created = await api(server, 'POST', '/users', {
      token: tokens.administrator,
      body: { username: 'cache-manager', password: 'cache-password-1', role: 'shop_manager' },
    });
    expect(created.status).toBe(201);
    const signedIn = await api(server, 'POST', '/auth/login', { body: { username: 'cache-manager', password: 'cache-password-1' } });
    const token = signedIn.body.access_token as string;
    expect((await api(server, 'GET', '/settings/general', { token })).status).toBe(200);

    expect((await api(server, 'PATCH', `/users/${created.body.id}`, { token: tokens.administrator, body: { role: 'cashier' } })).status).toBe(200);
    const refused = await api(server, 'GET', '/settings/general', { token });
    expect([refused.status, refused.body.code]).toEqual([403, 'pos_rest_forbidden']);

    expect((await api(server, 'PATCH', `/users/${created.body.id}`, { token: tokens.administrator, body: { role: 'shop_manager' } })).status).toBe(200);
    expect((await api(server, 'GET', '/settings/general', { token })).status).toBe(200);
  });

  it('a change written by another connection to the database applies to the next request', async () => {
    const cashier = (await login(server, 'cashier')).access_token;
    expect((await customers(cashier)).status).toBe(200);

    withDb(server, (db) => db.prepare("DELETE FROM role_capabilities WHERE role = 'cashier' AND capability = 'list_customers'").run());
    expect((await customers(cashier)).status).toBe(403);
    withDb(server, (db) => db.prepare("INSERT INTO role_capabilities (role, capability) VALUES ('cashier', 'list_customers')").run());
    expect((await customers(cashier)).status).toBe(200);

    // The user's own roles, written elsewhere: without a role the cashier holds no capability at all.
    const id = server.users.cashier.id;
    withDb(server, (db) => db.prepare('DELETE FROM user_roles WHERE user_id = ?').run(id));
    expect((await api(server, 'GET', '/products', { token: cashier })).status).toBe(403);
    withDb(server, (db) => db.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'cashier')").run(id));
    expect((await api(server, 'GET', '/products', { token: cashier })).status).toBe(200);
  });
});

describe('verified tokens', () => {
  it('a token once accepted is refused after its session ends, and a copy with one character changed is refused', async () => {
    const session = await login(server, 'cashier');
    expect((await customers(session.access_token)).status).toBe(200);
    const last = session.access_token.at(-2) === 'A' ? 'B' : 'A';
    const forged = `${session.access_token.slice(0, -2)}${last}${session.access_token.slice(-1)}`;
    expect((await customers(forged)).body.code).toBe('pos_auth_token_invalid');

    expect((await api(server, 'POST', '/auth/logout', { token: session.access_token })).status).toBe(200);
    expect((await customers(session.access_token)).body.code).toBe('pos_auth_token_revoked');
  });

  it('an access token is not taken as a refresh token, nor a refresh token as an access token, after either was accepted', async () => {
    const session = await login(server, 'cashier');
    expect((await customers(session.access_token)).status).toBe(200);
    const asRefresh = await api(server, 'POST', '/auth/refresh', { body: { refresh_token: session.access_token } });
    expect([asRefresh.status, asRefresh.body.code]).toEqual([401, 'pos_auth_refresh_invalid']);

    const refreshed = await api(server, 'POST', '/auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await customers(session.refresh_token)).body.code).toBe('pos_auth_token_invalid');
  });
});
