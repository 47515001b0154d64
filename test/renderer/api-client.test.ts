/**
 * The renderer's API client (CONTRACT 5) run under Node against a real server: real fetch, real
 * tokens, real expiry. The fetch is only wrapped to record which requests went out.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '../../shared/access.js';
import { STILL_UNAUTHORIZED_MESSAGE, type ApiUser } from '../../shared/api.js';
import { ApiClient, ApiRequestError, SessionEndedError, StillUnauthorizedError, type FetchFunction, type SessionEnd } from '../../renderer/api-client.js';
import { browserSessionKeeper, TokenVault, type SessionKeeper, type StorageLike } from '../../renderer/token-vault.js';
import { api, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
/** Access tokens live 2 s: expiry is checked in whole seconds, so 1 s could leave a token milliseconds to live. */
let shortAccess: TestServer;
let shortRefresh: TestServer;

beforeAll(async () => {
  [server, shortAccess, shortRefresh] = await Promise.all([
    startTestServer(),
    startTestServer({ accessTtlSeconds: 2 }),
    startTestServer({ accessTtlSeconds: 1, refreshTtlSeconds: 2 }),
  ]);
});

afterAll(async () => {
  await Promise.all([server, shortAccess, shortRefresh].map((running) => running.close()));
});

/** A client as the renderer builds one, with its outgoing requests recorded as `METHOD /path`. */
/** A tab's sessionStorage, in memory. */
function memoryStorage(): StorageLike & { dump(): string } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, value),
    removeItem: (key) => items.delete(key),
    dump: () => JSON.stringify([...items]),
  };
}

/** The refresh token the browser keeper holds for the active user. */
function storedRefreshToken(storage: StorageLike): string | null {
  const session = JSON.parse(storage.getItem('tillbase.session') ?? 'null') as { refresh_token: string } | null;
  return session?.refresh_token ?? null;
}

function posClient(target: Pick<TestServer, 'apiUrl'>, storage: StorageLike = memoryStorage(), keeper: SessionKeeper = browserSessionKeeper(storage)) {
  const requests: string[] = [];
  const fetch: FetchFunction = (input, init) => {
    requests.push(`${init.method ?? 'GET'} ${new URL(input).pathname.replace('/pos/v1', '')}`);
    return globalThis.fetch(input, init);
  };
  const ended: SessionEnd[] = [];
  const tokens = new TokenVault(keeper, storage);
  const client = new ApiClient({ baseUrl: target.apiUrl, fetch, tokens, onSessionEnded: (end) => ended.push(end) });
  const refreshCount = () => requests.filter((request) => request === 'POST /auth/refresh').length;
  return { client, tokens, requests, ended, refreshCount, storage };
}

function logIn(pos: ReturnType<typeof posClient>, target: TestServer, role: RoleName): Promise<ApiUser> {
  const user = target.users[role];
  return pos.client.login(user.username, user.password);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('API client: login and requests', () => {
  it('logs in, keeps the user as the active profile and sends its bearer token', async () => {
    const pos = posClient(server);
    const user = await logIn(pos, server, 'cashier');
    expect(user.roles).toEqual(['cashier']);
    expect(pos.tokens.activeProfileId()).toBe(user.uuid);
    expect(await pos.tokens.profiles()).toEqual([{ uuid: user.uuid, username: user.username, display_name: user.display_name, roles: ['cashier'] }]);

    const who = await pos.client.get<{ authenticated: boolean; user_id: number }>('/auth/test');
    expect(who).toEqual({ authenticated: true, user_id: server.users.cashier.id });
    expect(pos.refreshCount()).toBe(0);
  });

  it('reports wrong credentials as an ApiRequestError and keeps no profile', async () => {
    const pos = posClient(server);
    const error = await rejection(pos.client.login(server.users.cashier.username, 'wrong password'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).not.toBeInstanceOf(StillUnauthorizedError);
    expect(error).toMatchObject({ status: 401, code: 'pos_auth_invalid_credentials' });
    expect(pos.tokens.activeProfileId()).toBeNull();
    expect(storedRefreshToken(pos.storage)).toBeNull();
    expect(pos.refreshCount()).toBe(0);
  });

  it('throws other errors as ApiRequestError with status and code, without a refresh', async () => {
    const pos = posClient(server);
    await logIn(pos, server, 'cashier');
    const error = await rejection(pos.client.get('/no-such-area'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'rest_no_route' });
    expect(pos.refreshCount()).toBe(0);
  });

  it('reports an unreachable server as status 0', async () => {
    const pos = posClient({ apiUrl: 'http://127.0.0.1:1/pos/v1' });
    const error = await rejection(pos.client.login('anyone', 'anything'));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('API client: CONTRACT 5 refresh', () => {
  it('refreshes an expired access token once and repeats the request', async () => {
    const pos = posClient(shortAccess);
    await logIn(pos, shortAccess, 'cashier');
    const firstRefreshToken = storedRefreshToken(pos.storage);
    await sleep(2_200);
    pos.requests.length = 0;

    const sessions = await pos.client.get<Array<{ current: boolean }>>('/auth/sessions');
    expect(sessions.some((session) => session.current)).toBe(true);
    expect(pos.requests).toEqual(['GET /auth/sessions', 'POST /auth/refresh', 'GET /auth/sessions']);
    // Rotation: the profile now holds the new refresh token.
    expect(storedRefreshToken(pos.storage)).not.toBe(firstRefreshToken);
    expect(pos.ended).toEqual([]);
  });

  it('makes concurrent requests share one refresh', async () => {
    const pos = posClient(shortAccess);
    await logIn(pos, shortAccess, 'shop_manager');
    await sleep(2_200);
    pos.requests.length = 0;

    const answers = await Promise.all(Array.from({ length: 6 }, () => pos.client.get<{ authenticated: boolean }[]>('/auth/sessions')));
    expect(answers).toHaveLength(6);
    expect(pos.refreshCount()).toBe(1);
    expect(pos.requests.filter((request) => request === 'GET /auth/sessions')).toHaveLength(12);
  });

  it('gives up with the CONTRACT 5 sentence, the code and the reason when the repeat is still 403', async () => {
    const pos = posClient(server);
    const user = await logIn(pos, server, 'cashier');
    const error = await rejection(pos.client.get('/settings/general'));

    expect(error).toBeInstanceOf(StillUnauthorizedError);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as StillUnauthorizedError).message).toBe(STILL_UNAUTHORIZED_MESSAGE);
    expect(error).toMatchObject({ status: 403, code: 'pos_rest_forbidden', reason: 'missing_capability' });
    expect(pos.requests).toEqual(['POST /auth/login', 'GET /settings/general', 'POST /auth/refresh', 'GET /settings/general']);
    // A permission failure does not end the session.
    expect(pos.tokens.activeProfileId()).toBe(user.uuid);
    expect(pos.ended).toEqual([]);
  });

  it('ends the session when the refresh is refused because the session was revoked', async () => {
    const pos = posClient(server);
    const user = await logIn(pos, server, 'cashier');
    const revoked = await api(server, 'POST', '/auth/logout', { token: pos.tokens.accessToken(user.uuid) ?? '' });
    expect(revoked.status).toBe(200);

    const error = await rejection(pos.client.get('/auth/sessions'));
    expect(error).toBeInstanceOf(SessionEndedError);
    expect(error).toMatchObject({ status: 401, code: 'pos_auth_refresh_invalid' });
    expect(pos.ended).toHaveLength(1);
    expect(pos.ended[0]).toMatchObject({
      profile: { uuid: user.uuid, username: user.username, display_name: user.display_name, roles: ['cashier'] },
      code: 'pos_auth_refresh_invalid',
    });
    expect(pos.tokens.activeProfileId()).toBeNull();
    expect(storedRefreshToken(pos.storage)).toBeNull();
  });

  it('ends the session when the refresh token has expired', async () => {
    const pos = posClient(shortRefresh);
    await logIn(pos, shortRefresh, 'cashier');
    await sleep(2_200);

    const error = await rejection(pos.client.get('/auth/sessions'));
    expect(error).toMatchObject({ status: 401, code: 'pos_auth_refresh_expired' });
    expect(pos.ended).toHaveLength(1);
    expect(pos.refreshCount()).toBe(1);
    expect(storedRefreshToken(pos.storage)).toBeNull();
  });
});

describe('API client: sessions in a browser tab', () => {
  it("keeps only the active user's session: a new login ends the one it replaces on the server", async () => {
    const storage = memoryStorage();
    const pos = posClient(server, storage);
    const cashier = await logIn(pos, server, 'cashier');
    const cashierAccess = pos.tokens.accessToken(cashier.uuid) ?? '';
    const cashierRefresh = storedRefreshToken(storage) ?? '';
    const manager = await logIn(pos, server, 'shop_manager');
    expect((await pos.client.get<{ user_id: number }>('/auth/test')).user_id).toBe(manager.id);
    expect(storage.dump()).not.toContain(cashierRefresh);
    expect((await api(server, 'GET', '/auth/sessions', { token: cashierAccess })).status).toBe(403);
    // The login screen still offers the earlier user, by name only.
    expect((await pos.tokens.profiles()).map((profile) => profile.uuid)).toEqual([manager.uuid, cashier.uuid]);

    // A reloaded page has only the stored refresh token: resuming the active profile refreshes it once.
    const reloaded = posClient(server, storage);
    expect(reloaded.tokens.activeProfileId()).toBe(manager.uuid);
    expect((await reloaded.client.resume(manager.uuid)).id).toBe(manager.id);
    expect(reloaded.requests).toEqual(['POST /auth/refresh']);
    // Another user's profile has no session here: resuming it ends with the login screen.
    const error = await rejection(reloaded.client.resume(cashier.uuid));
    expect(error).toBeInstanceOf(SessionEndedError);
  });

  it('logs out: revokes the session on the server and keeps no token', async () => {
    const storage = memoryStorage();
    const pos = posClient(server, storage);
    const cashier = await logIn(pos, server, 'cashier');
    const accessToken = pos.tokens.accessToken(cashier.uuid) ?? '';

    await pos.client.logout();
    expect(pos.tokens.activeProfileId()).toBeNull();
    expect(storedRefreshToken(storage)).toBeNull();
    const afterLogout = await api<{ code: string }>(server, 'GET', '/auth/sessions', { token: accessToken });
    expect(afterLogout.status).toBe(403);
    expect(afterLogout.body.code).toBe('pos_auth_token_revoked');
    expect(pos.ended).toEqual([]);
  });
});
