import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens: roleTokens } = useServer();

const logIn = (username: string, password: string) => api(server, 'POST', '/auth/login', { body: { username, password } });

describe('users and roles routes × roles', () => {
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/users', undefined],
    ['POST', '/users', { username: 'sneaky', password: 'sneaky-password', role: 'cashier' }],
    ['GET', '/users/1', undefined],
    ['PATCH', '/users/1', { display_name: 'Sneaky' }],
    ['GET', '/roles', undefined],
    ['PATCH', '/roles/cashier', { capabilities: ['access_pos'] }],
    ['GET', '/settings/approvals', undefined],
    ['POST', '/settings/approvals', { required: [] }],
  ];

  for (const [method, path, body] of routes) {
    it(`${method} ${path}: 403 for the cashier, allowed for the administrator and the shop manager`, async () => {
      const refused = await api(server, method, path, { token: roleTokens.cashier, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'pos_rest_forbidden', data: { capability: 'manage_pos', current_user: server.users.cashier.id } });
      if (method === 'GET') {
        for (const token of [roleTokens.administrator, roleTokens.shop_manager]) expect((await api(server, method, path, { token })).status).toBe(200);
      }
    });
  }

  it('refuses the routes without a token', async () => {
    expect((await api(server, 'GET', '/users')).status).toBe(401);
    expect((await api(server, 'GET', '/roles')).status).toBe(401);
  });
});

describe('managing users', () => {
  it('lists users without any secret', async () => {
    const response = await api(server, 'GET', '/users?per_page=100', { token: roleTokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.body.map((user: { username: string }) => user.username)).toEqual(['test-admin', 'test-manager', 'test-cashier']);
    expect(response.body[2]).toMatchObject({ id: server.users.cashier.id, roles: ['cashier'], disabled: false, has_pin: false });
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/hash|scrypt|password/i);
    expect((await api(server, 'GET', '/users?role=cashier', { token: roleTokens.shop_manager })).body).toHaveLength(1);
  });

  it('creates a cashier who can then log in; the answer holds no password', async () => {
    const created = await api(server, 'POST', '/users', {
      token: roleTokens.shop_manager,
      body: { username: 'new-cashier', password: 'new-cashier-pass', role: 'cashier', email: 'new@example.test', pin: '1234' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(/\/pos\/v1\/users\/\d+$/);
    expect(created.body).toMatchObject({ username: 'new-cashier', roles: ['cashier'], has_pin: true, disabled: false, email: 'new@example.test' });
    expect(JSON.stringify(created.body)).not.toContain('new-cashier-pass');
    expect((await logIn('new-cashier', 'new-cashier-pass')).status).toBe(200);
    const fetched = await api(server, 'GET', `/users/${created.body.id}`, { token: roleTokens.administrator });
    expect(fetched.body.username).toBe('new-cashier');
    expect((await api(server, 'GET', '/users/9999', { token: roleTokens.administrator })).body.code).toBe('pos_rest_user_invalid_id');
  });

  it('validates input', async () => {
    const bad = await api(server, 'POST', '/users', {
      token: roleTokens.shop_manager,
      body: { username: 'bad name!', password: 'short', role: 'nobody', pin: '12' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['password', 'pin', 'username']);
    const unknownRole = await api(server, 'POST', '/users', {
      token: roleTokens.shop_manager,
      body: { username: 'someone', password: 'long-enough-1', role: 'nobody' },
    });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.data.params.role).toContain('cashier');
    const duplicate = await api(server, 'POST', '/users', {
      token: roleTokens.shop_manager,
      body: { username: 'test-cashier', password: 'long-enough-1', role: 'cashier' },
    });
    expect(duplicate.body.code).toBe('pos_rest_user_exists');
  });

  it('no one grants a capability they lack: a shop manager cannot make or promote an administrator', async () => {
    const made = await api(server, 'POST', '/users', {
      token: roleTokens.shop_manager,
      body: { username: 'wannabe', password: 'wannabe-pass-1', role: 'administrator' },
    });
    expect(made.status).toBe(403);
    expect(made.body).toMatchObject({ code: 'pos_rest_cannot_grant', data: { capabilities: ['install_plugins'], current_user: server.users.shop_manager.id } });
    const promoted = await api(server, 'PATCH', `/users/${server.users.cashier.id}`, { token: roleTokens.shop_manager, body: { role: 'administrator' } });
    expect(promoted.status).toBe(403);
    expect(promoted.body.code).toBe('pos_rest_cannot_grant');
    expect((await api(server, 'GET', `/users/${server.users.cashier.id}`, { token: roleTokens.shop_manager })).body.roles).toEqual(['cashier']);
  });

  it('a shop manager cannot manage an administrator (no resetting their password)', async () => {
    const reset = await api(server, 'PATCH', `/users/${server.users.administrator.id}`, { token: roleTokens.shop_manager, body: { password: 'taken-over-1' } });
    expect(reset.status).toBe(403);
    expect(reset.body.code).toBe('pos_rest_cannot_edit_user');
    expect((await logIn('test-admin', 'taken-over-1')).status).toBe(401);
  });

  it('disabling a user ends their sessions at once and refuses their logins until enabled again', async () => {
    const tokens = (await logIn('new-cashier', 'new-cashier-pass')).body;
    expect((await api(server, 'GET', '/auth/test', { token: tokens.access_token })).body.authenticated).toBe(true);
    const id = tokens.user.id as number;
    const disabled = await api(server, 'PATCH', `/users/${id}`, { token: roleTokens.shop_manager, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    const refused = await api(server, 'GET', '/orders', { token: tokens.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('pos_auth_token_revoked');
    expect((await api(server, 'POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token } })).status).toBe(401);
    expect((await logIn('new-cashier', 'new-cashier-pass')).status).toBe(401);
    expect((await api(server, 'PATCH', `/users/${id}`, { token: roleTokens.shop_manager, body: { disabled: false } })).body.disabled).toBe(false);
    expect((await logIn('new-cashier', 'new-cashier-pass')).status).toBe(200);
  });

  it('the access check itself refuses a disabled user, even one whose session is still open', async () => {
    const tokens = (await logIn('new-cashier', 'new-cashier-pass')).body;
    withDb(server, (db) => db.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').run(new Date().toISOString(), tokens.user.id));
    expect((await api(server, 'GET', '/orders', { token: tokens.access_token })).body.code).toBe('pos_auth_token_revoked');
    withDb(server, (db) => db.prepare('UPDATE users SET disabled_at = NULL WHERE id = ?').run(tokens.user.id));
    expect((await api(server, 'GET', '/orders', { token: tokens.access_token })).status).toBe(200);
  });

  it('a password reset ends the sessions and the new password works', async () => {
    const tokens = (await logIn('new-cashier', 'new-cashier-pass')).body;
    const reset = await api(server, 'PATCH', `/users/${tokens.user.id}`, {
      token: roleTokens.shop_manager,
      body: { password: 'reset-password-1', display_name: 'Newly Reset', pin: null },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ display_name: 'Newly Reset', has_pin: false });
    expect((await api(server, 'GET', '/orders', { token: tokens.access_token })).body.code).toBe('pos_auth_token_revoked');
    expect((await logIn('new-cashier', 'new-cashier-pass')).status).toBe(401);
    expect((await logIn('new-cashier', 'reset-password-1')).status).toBe(200);
  });

  it('the last administrator can be neither demoted nor disabled', async () => {
    const demoted = await api(server, 'PATCH', `/users/${server.users.administrator.id}`, { token: roleTokens.administrator, body: { role: 'shop_manager' } });
    expect(demoted.status).toBe(409);
    expect(demoted.body.code).toBe('pos_rest_last_administrator');
    const disabled = await api(server, 'PATCH', `/users/${server.users.administrator.id}`, { token: roleTokens.administrator, body: { disabled: true } });
    expect(disabled.body.code).toBe('pos_rest_last_administrator');
    expect((await api(server, 'GET', `/users/${server.users.administrator.id}`, { token: roleTokens.administrator })).body).toMatchObject({
      roles: ['administrator'],
      disabled: false,
    });

    const second = await api(server, 'POST', '/users', {
      token: roleTokens.administrator,
      body: { username: 'second-admin', password: 'second-admin-1', role: 'administrator' },
    });
    expect(second.status).toBe(201);
    const secondToken = (await logIn('second-admin', 'second-admin-1')).body.access_token as string;
    expect((await api(server, 'PATCH', `/users/${second.body.id}`, { token: roleTokens.administrator, body: { disabled: true } })).status).toBe(200);
    // A disabled administrator does not count: the first one is the last again.
    expect((await api(server, 'PATCH', `/users/${server.users.administrator.id}`, { token: roleTokens.administrator, body: { role: 'cashier' } })).status).toBe(
      409,
    );
    expect((await api(server, 'GET', '/users', { token: secondToken })).status).toBe(403);
    expect(
      (await api(server, 'PATCH', `/users/${second.body.id}`, { token: roleTokens.administrator, body: { disabled: false, role: 'shop_manager' } })).body.roles,
    ).toEqual(['shop_manager']);
  });
});

describe('managing roles', () => {
  it('lists the roles with their capabilities', async () => {
    const response = await api(server, 'GET', '/roles', { token: roleTokens.shop_manager });
    expect(response.body.map((role: { name: string }) => role.name)).toEqual(['administrator', 'cashier', 'shop_manager']);
    expect(response.body.find((role: { name: string }) => role.name === 'cashier').capabilities).not.toContain('manage_pos');
  });

  it('a change applies on the next request, and only capabilities the caller holds can be added or taken away', async () => {
    const cashierRole = (await api(server, 'GET', '/roles', { token: roleTokens.shop_manager })).body.find((role: { name: string }) => role.name === 'cashier');
    const withInstall = await api(server, 'PATCH', '/roles/cashier', {
      token: roleTokens.shop_manager,
      body: { capabilities: [...cashierRole.capabilities, 'install_plugins'] },
    });
    expect(withInstall.status).toBe(403);
    expect(withInstall.body).toMatchObject({ code: 'pos_rest_cannot_grant', data: { capabilities: ['install_plugins'] } });

    const withStores = await api(server, 'PATCH', '/roles/cashier', {
      token: roleTokens.shop_manager,
      body: { capabilities: [...cashierRole.capabilities, 'manage_stores'] },
    });
    expect(withStores.status).toBe(200);
    expect(withStores.body.capabilities).toContain('manage_stores');
    expect((await api(server, 'GET', '/stores/1/edit', { token: roleTokens.cashier })).status).toBe(200);
    expect((await api(server, 'PATCH', '/roles/cashier', { token: roleTokens.shop_manager, body: { capabilities: cashierRole.capabilities } })).status).toBe(
      200,
    );
    expect((await api(server, 'GET', '/stores/1/edit', { token: roleTokens.cashier })).status).toBe(403);

    const adminRole = (await api(server, 'GET', '/roles', { token: roleTokens.shop_manager })).body.find(
      (role: { name: string }) => role.name === 'administrator',
    );
    const stripped = await api(server, 'PATCH', '/roles/shop_manager', { token: roleTokens.shop_manager, body: { capabilities: adminRole.capabilities } });
    expect(stripped.body.code).toBe('pos_rest_cannot_grant');
  });

  it('the administrator role keeps every capability it has', async () => {
    const response = await api(server, 'PATCH', '/roles/administrator', { token: roleTokens.administrator, body: { capabilities: ['access_pos'] } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('pos_rest_role_locked');
    expect((await api(server, 'GET', '/users', { token: roleTokens.administrator })).status).toBe(200);
  });

  it('refuses unknown roles and capabilities', async () => {
    expect((await api(server, 'PATCH', '/roles/nobody', { token: roleTokens.administrator, body: { capabilities: [] } })).body.code).toBe(
      'pos_rest_role_invalid_id',
    );
    const bad = await api(server, 'PATCH', '/roles/cashier', { token: roleTokens.administrator, body: { capabilities: ['fly'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.params['capabilities[0]']).toBe('is not a capability Tillbase knows');
  });
});
