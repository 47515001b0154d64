/**
 * The main process's session keeper (main/profile-ipc.ts) against a real server on 127.0.0.1: it
 * logs in, refreshes and logs out itself, keeps refresh tokens in the SecretStore, and answers the
 * page with access tokens only. Electron's ipcMain is the only stand-in.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_PROFILE_ACCOUNT,
  PROFILE_INDEX_ACCOUNT,
  profileAccount,
  registerProfileIpc,
  SESSION_CHANNELS,
  type IpcMainLike,
  type ProfileIpcEvent,
} from '../../main/profile-ipc.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server } = useServer({ roles: [] });

type Listener = (event: ProfileIpcEvent, ...args: unknown[]) => Promise<unknown>;

/** A stand-in for Electron's ipcMain: keeps the handlers and calls them as a frame at `senderUrl` would. */
function setup(secrets = createMemorySecretStore()) {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  const unregister = registerProfileIpc(ipc, secrets, server.origin, server.apiUrl, fetch);
  const invoke = (senderUrl: string, channel: string, ...args: unknown[]): Promise<any> => {
    const listener = handlers.get(channel);
    if (listener === undefined) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return listener({ senderFrame: { url: senderUrl } }, ...args);
  };
  const call = (channel: string, ...args: unknown[]) => invoke(`${server.origin}/app/`, channel, ...args);
  return { handlers, secrets, unregister, invoke, call };
}

describe('session keeper in the main process', () => {
  it('logs in and answers an access token only; the refresh token stays in the SecretStore', async () => {
    const { secrets, call } = setup();
    const outcome = await call(SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password);
    expect(outcome.ok).toBe(true);
    expect(Object.keys(outcome.grant).sort()).toEqual(['access_token', 'expires_at', 'user']);
    const uuid = outcome.grant.user.uuid as string;
    const refreshToken = await secrets.get(profileAccount(uuid));
    expect(refreshToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(outcome)).not.toContain(refreshToken);
    expect(await call(SESSION_CHANNELS.profiles)).toEqual([
      { uuid, username: server.users.cashier.username, display_name: outcome.grant.user.display_name, roles: ['cashier'] },
    ]);
    expect((await api(server, 'GET', '/auth/test', { token: outcome.grant.access_token })).body.authenticated).toBe(true);
  });

  it('refreshes with the kept token, rotating it, and never answers it', async () => {
    const { secrets, call } = setup();
    const login = await call(SESSION_CHANNELS.login, server.users.shop_manager.username, server.users.shop_manager.password);
    const uuid = login.grant.user.uuid as string;
    const first = await secrets.get(profileAccount(uuid));
    const refreshed = await call(SESSION_CHANNELS.refresh, uuid);
    expect(refreshed.ok).toBe(true);
    const second = await secrets.get(profileAccount(uuid));
    expect(second).not.toBe(first);
    expect(JSON.stringify(refreshed)).not.toContain(second);
  });

  it('answers a refused login with the server error and keeps nothing', async () => {
    const { secrets, call } = setup();
    const outcome = await call(SESSION_CHANNELS.login, server.users.cashier.username, 'not the password');
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    expect(await secrets.get(PROFILE_INDEX_ACCOUNT)).toBeNull();
  });

  it('logs out: ends the session on the server and forgets the profile and its token', async () => {
    const { secrets, call } = setup();
    const login = await call(SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password);
    const uuid = login.grant.user.uuid as string;
    await call(SESSION_CHANNELS.logout, uuid);
    expect((await api(server, 'GET', '/auth/test', { token: login.grant.access_token })).body).toEqual({ authenticated: false, user_id: 0 });
    expect(await secrets.get(profileAccount(uuid))).toBeNull();
    expect(await call(SESSION_CHANNELS.profiles)).toEqual([]);
    expect(await call(SESSION_CHANNELS.refresh, uuid)).toMatchObject({ ok: false, status: 401 });
  });

  it('a new login of a saved profile ends its old session', async () => {
    const { call } = setup();
    const first = await call(SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password);
    const second = await call(SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password);
    expect(second.ok).toBe(true);
    expect((await api(server, 'GET', '/auth/test', { token: first.grant.access_token })).body.authenticated).toBe(false);
    expect((await api(server, 'GET', '/auth/test', { token: second.grant.access_token })).body.authenticated).toBe(true);
  });

  it('keeps only the active profile: one switched away from cannot be refreshed from page script', async () => {
    const { secrets, call } = setup();
    const admin = await call(SESSION_CHANNELS.login, server.users.administrator.username, server.users.administrator.password);
    const adminUuid = admin.grant.user.uuid as string;
    const cashier = await call(SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password);
    expect(cashier.ok).toBe(true);
    // The administrator is still offered by name, but page script cannot get a token for them.
    expect((await call(SESSION_CHANNELS.profiles)).map((profile: { uuid: string }) => profile.uuid)).toContain(adminUuid);
    const refused = await call(SESSION_CHANNELS.refresh, adminUuid);
    expect(refused).toMatchObject({ ok: false, status: 401, error: { code: 'pos_auth_refresh_invalid' } });
    expect(JSON.stringify(refused)).not.toContain('access_token');
    expect(await secrets.get(profileAccount(adminUuid))).toBeNull();
    expect((await api(server, 'GET', '/auth/test', { token: admin.grant.access_token })).body.authenticated).toBe(false);
    expect(await call(SESSION_CHANNELS.refresh, cashier.grant.user.uuid)).toMatchObject({ ok: true });
    // After a restart of the app (a new keeper over the same keychain) the same holds.
    const restarted = setup(secrets);
    expect(await secrets.get(ACTIVE_PROFILE_ACCOUNT)).toBe(cashier.grant.user.uuid);
    expect(await restarted.call(SESSION_CHANNELS.refresh, adminUuid)).toMatchObject({ ok: false, status: 401 });
    expect(await restarted.call(SESSION_CHANNELS.refresh, cashier.grant.user.uuid)).toMatchObject({ ok: true });
  });

  it('switches with the PIN of the user switched to; a wrong PIN changes nothing', async () => {
    const manager = server.users.shop_manager;
    const managerToken = (await api(server, 'POST', '/auth/login', { body: { username: manager.username, password: manager.password } })).body
      .access_token as string;
    expect((await api(server, 'POST', '/auth/pin', { token: managerToken, body: { pin: '7531', current_password: manager.password } })).status).toBe(200);
    const { call } = setup();
    const cashier = await call(SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password);
    const wrong = await call(SESSION_CHANNELS.login, manager.username, '7530', 'pin');
    expect(wrong).toMatchObject({ ok: false, status: 401, error: { code: 'pos_auth_invalid_credentials' } });
    expect(await call(SESSION_CHANNELS.refresh, cashier.grant.user.uuid)).toMatchObject({ ok: true });
    const switched = await call(SESSION_CHANNELS.login, manager.username, '7531', 'pin');
    expect(switched).toMatchObject({ ok: true, grant: { user: { username: manager.username } } });
    expect(await call(SESSION_CHANNELS.refresh, cashier.grant.user.uuid)).toMatchObject({ ok: false, status: 401 });
    await expect(call(SESSION_CHANNELS.login, manager.username, '7531', 'fingerprint')).rejects.toThrow(/invalid arguments/);
  });

  it('refuses calls from any frame outside the app origin', async () => {
    const { invoke, secrets } = setup();
    for (const url of ['https://evil.example/', 'http://127.0.0.1:1/app/', 'file:///app/index.html']) {
      await expect(invoke(url, SESSION_CHANNELS.login, server.users.cashier.username, server.users.cashier.password)).rejects.toThrow(/refused a call/);
    }
    expect(await secrets.get(PROFILE_INDEX_ACCOUNT)).toBeNull();
  });

  it('rejects bad arguments without echoing them', async () => {
    const { call } = setup();
    await expect(call(SESSION_CHANNELS.refresh, 'not-a-uuid')).rejects.toThrow(/invalid arguments/);
    const error = await call(SESSION_CHANNELS.login, 'cara', { password: 'secret-value-1' }).catch((failure: unknown) => failure as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('secret-value-1');
  });

  it('answers status 0 when the server cannot be reached', async () => {
    const handlers = new Map<string, Listener>();
    registerProfileIpc(
      { handle: (channel, listener) => handlers.set(channel, listener), removeHandler: () => undefined },
      createMemorySecretStore(),
      server.origin,
      'http://127.0.0.1:1/pos/v1',
      fetch,
    );
    const outcome = await handlers.get(SESSION_CHANNELS.login)!({ senderFrame: { url: `${server.origin}/app/` } }, 'cara', 'password');
    expect(outcome).toMatchObject({ ok: false, status: 0, error: { code: 'network_error' } });
  });

  it('removes its handlers when unregistered', () => {
    const { handlers, unregister } = setup();
    expect(handlers.size).toBe(4);
    unregister();
    expect(handlers.size).toBe(0);
  });
});
