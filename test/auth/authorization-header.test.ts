import { setTimeout as sleep } from 'node:timers/promises';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { principalOf } from '../../server/http/middleware/access.js';
import { api, login } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * How the access middleware reads the Authorization header and words its refusals, over real HTTP:
 * the cases a WCPOS or curl client may send that the access matrix (always `Bearer <token>`) does not.
 * Found by mutation testing (docs/development.md, "Mutation testing").
 */

const INVALID = { status: 403, reason: 'token_invalid', current_user: 0, token_expired: false };

describe('the Authorization header', () => {
  const { server } = useServer({ roles: [] });

  it('an empty or blank header is no credentials at all: 401, not a bad token', async () => {
    // Node strips spaces and tabs from a header's ends; a lone no-break space (byte A0) reaches the middleware.
    for (const authorization of ['', '\u00a0']) {
      const response = await api(server, 'GET', '/settings', { headers: { authorization } });
      expect(response.status, JSON.stringify(authorization)).toBe(401);
      expect(response.body).toEqual({
        code: 'pos_rest_unauthorized',
        message: 'You are not currently logged in.',
        data: { status: 401, reason: 'no_token', current_user: 0 },
      });
    }
  });

  it('the scheme is case-insensitive and may be followed by several spaces, the token by white space', async () => {
    const { access_token } = await login(server, 'shop_manager');
    // Node strips trailing spaces and tabs itself; a no-break space (byte A0) reaches the middleware.
    for (const authorization of [`bearer ${access_token}`, `BEARER ${access_token}`, `Bearer   ${access_token}`, `Bearer ${access_token}\u00a0`]) {
      const response = await api(server, 'GET', '/auth/test', { headers: { authorization } });
      expect(response.body, authorization.slice(0, 10)).toEqual({ authenticated: true, user_id: server.users.shop_manager.id });
      expect((await api(server, 'GET', '/settings', { headers: { authorization } })).status, authorization.slice(0, 10)).toBe(200);
    }
  });

  it('a valid token with anything before the scheme or after the token is a bad token', async () => {
    const { access_token } = await login(server, 'shop_manager');
    for (const authorization of [`Token Bearer ${access_token}`, `Bearer ${access_token} ${access_token}`, `Bearer${access_token}`]) {
      const response = await api(server, 'GET', '/settings', { headers: { authorization } });
      expect(response.status, authorization.slice(0, 14)).toBe(403);
      expect(response.body).toEqual({ code: 'pos_auth_token_invalid', message: 'The access token is not valid.', data: INVALID });
    }
  });

  it('a token of an ended session and a missing capability are worded for the caller', async () => {
    const cashier = await login(server, 'cashier');
    const refused = await api(server, 'GET', '/settings/general', { token: cashier.access_token });
    expect(refused.body).toEqual({
      code: 'pos_rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 403, reason: 'missing_capability', capability: 'manage_pos', current_user: server.users.cashier.id, token_expired: false },
    });
    expect((await api(server, 'POST', '/auth/logout', { token: cashier.access_token })).status).toBe(200);
    const ended = await api(server, 'GET', '/settings', { token: cashier.access_token });
    expect(ended.body).toEqual({
      code: 'pos_auth_token_revoked',
      message: 'The session of this access token has ended.',
      data: { status: 403, reason: 'token_revoked', current_user: 0, token_expired: false },
    });
  });
});

describe('an expired access token', () => {
  // One-second tokens: `iat` is whole seconds, so such a token has expired a second after login.
  const { server } = useServer({ roles: [], serve: { accessTtlSeconds: 1 } });

  it('is 403 token_expired on a protected route, and no caller on a public one', async () => {
    const { access_token } = await login(server, 'cashier');
    await sleep(2_100);
    const response = await api(server, 'GET', '/settings', { token: access_token });
    expect(response.body).toEqual({
      code: 'pos_auth_token_expired',
      message: 'The access token has expired.',
      data: { status: 403, reason: 'token_expired', current_user: 0, token_expired: true },
    });
    expect((await api(server, 'GET', '/auth/test', { token: access_token })).body).toEqual({ authenticated: false, user_id: 0 });
  });
});

describe('principalOf', () => {
  it('refuses a response that went through no authentication: a route mounted without its access line', () => {
    expect(() => principalOf({ locals: {} } as unknown as Response)).toThrow('principalOf used on a route without authentication');
  });
});
