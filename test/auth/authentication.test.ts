import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../shared/api.js';
import { DATABASE_FILE } from '../../server/start.js';
import { api, login } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { MATRIX } from '../helpers/access-matrix.js';

const { server } = useServer({ roles: [] });

const concretePath = (path: string): string =>
  path.replace('{id}', '1').replace('{order_id}', '1').replace('/payment-gateways/1', '/payment-gateways/pos_cash');

describe('without a token', () => {
  for (const endpoint of MATRIX.endpoints) {
    it(`${endpoint.method} ${endpoint.path} answers 401 with current_user 0`, async () => {
      const response = await api(server, endpoint.method, concretePath(endpoint.path), { body: endpoint.method === 'GET' ? undefined : {} });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 'pos_rest_unauthorized', message: expect.any(String), data: { status: 401, reason: 'no_token', current_user: 0 } });
    });
  }
});

describe('with a token that is not ours', () => {
  const invalid = { status: 403, reason: 'token_invalid', current_user: 0, token_expired: false };

  it('a malformed token is 403 token_invalid on every endpoint', async () => {
    for (const endpoint of MATRIX.endpoints) {
      const response = await api(server, endpoint.method, concretePath(endpoint.path), {
        token: 'not-a-jwt',
        body: endpoint.method === 'GET' ? undefined : {},
      });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(response.body).toMatchObject({ code: 'pos_auth_token_invalid', data: invalid });
    }
  });

  it('a token signed with another key is 403 token_invalid', async () => {
    const { access_token } = await login(server, 'administrator');
    const [, payloadPart] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payloadPart ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(randomBytes(32));
    const response = await api(server, 'GET', '/settings', { token: forged });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'pos_auth_token_invalid', data: invalid });
  });

  it('a refresh token is not accepted as an access token', async () => {
    const { refresh_token } = await login(server, 'cashier');
    const response = await api(server, 'GET', '/settings', { token: refresh_token });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'pos_auth_token_invalid', data: invalid });
  });

  it('an Authorization header that is not a bearer token is a bad token, not a missing one', async () => {
    const response = await api(server, 'GET', '/settings', { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'pos_auth_token_invalid', data: invalid });
  });
});

describe('login', () => {
  it('returns the token response of CONTRACT 2 with the user', async () => {
    const response = await api<TokenResponse>(server, 'POST', '/auth/login', { body: { username: 'test-manager', password: 'manager-password-1' } });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(1800);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(1790_000);
    expect(Date.parse(body.refresh_expires_at) - Date.now()).toBeGreaterThan(86_390_000);
    expect(body.user).toMatchObject({
      id: server.users.shop_manager.id,
      username: 'test-manager',
      email: 'test-manager@example.test',
      roles: ['shop_manager'],
    });
    expect(body.user.capabilities).toContain('manage_stores');
    expect(body.user.capabilities).not.toContain('install_plugins');
  });

  it('accepts the email in place of the username', async () => {
    const response = await api(server, 'POST', '/auth/login', { body: { username: 'TEST-CASHIER@example.test', password: 'cashier-password-1' } });
    expect(response.status).toBe(200);
  });

  it('answers an unknown user and a wrong password the same way', async () => {
    const unknown = await api(server, 'POST', '/auth/login', { body: { username: 'nobody', password: 'whatever-1' } });
    const wrong = await api(server, 'POST', '/auth/login', { body: { username: 'test-admin', password: 'wrong-password' } });
    for (const response of [unknown, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'pos_auth_invalid_credentials', data: { status: 401, current_user: 0 } });
    }
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates its body', async () => {
    const response = await api(server, 'POST', '/auth/login', { body: { username: 'test-admin' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { password: expect.any(String) } } });
  });
});

describe('auth/test', () => {
  it('never refuses and says who is calling', async () => {
    const { access_token } = await login(server, 'cashier');
    expect((await api(server, 'GET', '/auth/test')).body).toEqual({ authenticated: false, user_id: 0 });
    expect((await api(server, 'GET', '/auth/test', { token: 'garbage' })).body).toEqual({ authenticated: false, user_id: 0 });
    const ok = await api(server, 'GET', '/auth/test', { token: access_token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ authenticated: true, user_id: server.users.cashier.id });
  });
});

describe('refresh rotation', () => {
  /** Moves a rotation back in time on the real database, as if the grace window had passed. */
  function ageRotation(seconds: number): void {
    const db = new BetterSqlite3(join(server.dataDir, DATABASE_FILE));
    try {
      db.prepare('UPDATE refresh_tokens SET rotated_at = rotated_at - ? WHERE rotated_at IS NOT NULL').run(seconds);
    } finally {
      db.close();
    }
  }

  it('issues a new refresh token each time and keeps the session', async () => {
    const first = await login(server, 'cashier');
    const second = await api<TokenResponse>(server, 'POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect((await api(server, 'GET', '/settings', { token: second.body.access_token })).status).toBe(200);
    const third = await api<TokenResponse>(server, 'POST', '/auth/refresh', { body: { refresh_token: second.body.refresh_token } });
    expect(third.status).toBe(200);
  });

  it('within the grace window, the retired token gets a fresh access token for the same session', async () => {
    const first = await login(server, 'cashier');
    const [a, b] = await Promise.all([
      api<TokenResponse>(server, 'POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } }),
      api<TokenResponse>(server, 'POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both answers carry the same successor, so the till ends up with one working refresh token.
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    for (const response of [a, b]) expect((await api(server, 'GET', '/settings', { token: response.body.access_token })).status).toBe(200);
    const later = await api(server, 'POST', '/auth/refresh', { body: { refresh_token: a.body.refresh_token } });
    expect(later.status).toBe(200);
  });

  it('after the grace window, reuse of a retired token revokes the whole session', async () => {
    const first = await login(server, 'shop_manager');
    const second = await api<TokenResponse>(server, 'POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    ageRotation(31);
    const reuse = await api(server, 'POST', '/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'pos_auth_refresh_invalid', data: { status: 401 } });
    // The legitimate holder is logged out too: RFC 9700 4.14.
    const successor = await api(server, 'POST', '/auth/refresh', { body: { refresh_token: second.body.refresh_token } });
    expect(successor.status).toBe(401);
    const access = await api(server, 'GET', '/settings', { token: second.body.access_token });
    expect(access.status).toBe(403);
    expect(access.body).toMatchObject({ code: 'pos_auth_token_revoked', data: { current_user: 0, reason: 'token_revoked' } });
  });

  it('refuses unknown, malformed and access tokens as refresh tokens', async () => {
    const { access_token } = await login(server, 'cashier');
    for (const refresh_token of ['garbage', access_token]) {
      const response = await api(server, 'POST', '/auth/refresh', { body: { refresh_token } });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'pos_auth_refresh_invalid' });
    }
  });
});

describe('logout and sessions', () => {
  it('logout ends the session and all its tokens', async () => {
    const tokens = await login(server, 'cashier');
    const out = await api(server, 'POST', '/auth/logout', { token: tokens.access_token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ revoked: true });
    const after = await api(server, 'GET', '/products', { token: tokens.access_token });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ code: 'pos_auth_token_revoked', data: { current_user: 0, reason: 'token_revoked', token_expired: false } });
    expect((await api(server, 'POST', '/auth/refresh', { body: { refresh_token: tokens.refresh_token } })).status).toBe(401);
  });

  it('lists the caller’s sessions and revokes one of them', async () => {
    const tillOne = await login(server, 'administrator');
    const tillTwo = await login(server, 'administrator');
    const list = await api<Array<{ id: string; current: boolean; created_at: string; last_active_at: string; user_agent: string }>>(
      server,
      'GET',
      '/auth/sessions',
      { token: tillOne.access_token },
    );
    expect(list.status).toBe(200);
    const current = list.body.filter((session) => session.current);
    expect(current).toHaveLength(1);
    const other = list.body.find((session) => !session.current);
    expect(other).toBeDefined();
    const tillTwoSession = await api<Array<{ id: string; current: boolean }>>(server, 'GET', '/auth/sessions', { token: tillTwo.access_token });
    const tillTwoId = tillTwoSession.body.find((session) => session.current)?.id ?? '';
    const revoke = await api(server, 'DELETE', `/auth/sessions/${tillTwoId}`, { token: tillOne.access_token });
    expect(revoke.status).toBe(200);
    expect((await api(server, 'GET', '/settings', { token: tillTwo.access_token })).status).toBe(403);
    expect((await api(server, 'GET', '/settings', { token: tillOne.access_token })).status).toBe(200);
  });

  it('another user’s session is 404 for a cashier, but a manager may revoke it', async () => {
    const cashier = await login(server, 'cashier');
    const manager = await login(server, 'shop_manager');
    const managerSessions = await api<Array<{ id: string; current: boolean }>>(server, 'GET', '/auth/sessions', { token: manager.access_token });
    const managerSession = managerSessions.body.find((session) => session.current)?.id ?? '';
    const refused = await api(server, 'DELETE', `/auth/sessions/${managerSession}`, { token: cashier.access_token });
    expect(refused.status).toBe(404);
    expect((await api(server, 'GET', '/settings', { token: manager.access_token })).status).toBe(200);

    const cashierSessions = await api<Array<{ id: string; current: boolean }>>(server, 'GET', '/auth/sessions', { token: cashier.access_token });
    const cashierSession = cashierSessions.body.find((session) => session.current)?.id ?? '';
    expect((await api(server, 'DELETE', `/auth/sessions/${cashierSession}`, { token: manager.access_token })).status).toBe(200);
    expect((await api(server, 'GET', '/settings', { token: cashier.access_token })).status).toBe(403);
  });
});

describe('secrets stay out of the log', () => {
  it('no token or password appears in GET /logs after failures', async () => {
    const tokens = await login(server, 'administrator');
    await api(server, 'POST', '/auth/login', { body: { username: 'test-admin', password: 'a-wrong-password-xyz' } });
    await api(server, 'GET', '/settings', { token: `${tokens.access_token}x` });
    const logs = await api(server, 'GET', '/logs?per_page=100', { token: tokens.access_token });
    const text = JSON.stringify(logs.body);
    expect(text).not.toContain('a-wrong-password-xyz');
    expect(text).not.toContain(tokens.access_token.slice(-20));
  });
});
