import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '../../shared/access.js';
import type { TokenResponse } from '../../shared/api.js';
import { openDataDirDatabase } from '../../server/start.js';
import { runCli, serve, type ServeProcess } from '../helpers/cli.js';
import { api, makeDataDir } from '../helpers/server.js';

/**
 * The seed's four token states, for each role, against the real `tillbase serve` with short
 * lifetimes set through its flags: valid, expired (403, current_user 0, token_expired true),
 * refreshed (access restored) and refresh expired (nothing issued).
 */
// Whole seconds: `iat` is floored, so a token of TTL n lives between n - 1 and n seconds. Two
// seconds leave a refreshed access token at least one second of life on a busy machine; the
// refresh token must outlive the wait for the first access token to expire.
const ACCESS_TTL = 2;
const REFRESH_TTL = 6;
let server: ServeProcess;
const password = 'state-password-1';

beforeAll(async () => {
  const dataDir = makeDataDir();
  openDataDirDatabase(dataDir).close(); // the CLI adds users only to an existing store
  for (const role of ROLES) {
    const added = await runCli(['users', 'add', '--username', `state-${role}`, '--role', role, '--password-stdin', '--data-dir', dataDir], `${password}\n`);
    expect(added.code, added.stderr).toBe(0);
  }
  server = await serve([
    '--data-dir',
    dataDir,
    '--port',
    '0',
    '--access-ttl',
    `${ACCESS_TTL}s`,
    '--refresh-ttl',
    `${REFRESH_TTL}s`,
    '--secret-store',
    'memory',
    '--no-demo',
    '--log-level',
    'silent',
  ]);
});

afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

describe('token states', () => {
  it.concurrent.each(ROLES)(
    'as %s: valid → expired → refreshed → refresh expired',
    async (role: RoleName) => {
      const target = { apiUrl: server.apiUrl };
      const loggedIn = await api<TokenResponse>(target, 'POST', '/auth/login', { body: { username: `state-${role}`, password } });
      expect(loggedIn.status).toBe(200);
      expect(loggedIn.body.expires_in).toBe(ACCESS_TTL);
      const { access_token, refresh_token } = loggedIn.body;

      // Access token valid: an allowed endpoint is neither 401 nor 403.
      expect((await api(target, 'GET', '/data/order_statuses', { token: access_token })).status).toBe(200);

      // Access token expired: refused at the authentication gate as user 0.
      await sleep((ACCESS_TTL + 1) * 1000 + 100);
      const expired = await api(target, 'GET', '/data/order_statuses', { token: access_token });
      expect(expired.status).toBe(403);
      expect(expired.body).toMatchObject({
        code: 'pos_auth_token_expired',
        data: { status: 403, current_user: 0, token_expired: true, reason: 'token_expired' },
      });

      // Refresh with a valid refresh token: a new access token restores access.
      const refreshed = await api<TokenResponse>(target, 'POST', '/auth/refresh', { body: { refresh_token } });
      expect(refreshed.status).toBe(200);
      expect((await api(target, 'GET', '/data/order_statuses', { token: refreshed.body.access_token })).status).toBe(200);

      // Refresh token expired: no new access token can be issued.
      await sleep((REFRESH_TTL + 1) * 1000 + 100);
      const late = await api<TokenResponse>(target, 'POST', '/auth/refresh', { body: { refresh_token: refreshed.body.refresh_token } });
      expect(late.status).toBe(401);
      expect(late.body).toMatchObject({ code: 'pos_auth_refresh_expired', data: { status: 401 } });
      expect(late.body).not.toHaveProperty('access_token');
    },
    30_000,
  );
});
