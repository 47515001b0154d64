import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROFILE_CHANNELS, PROFILE_INDEX_ACCOUNT, profileAccount, registerProfileIpc, type IpcMainLike, type ProfileIpcEvent } from '../../main/profile-ipc.js';
import type { SavedProfile } from '../../shared/bridge.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';

const APP_ORIGIN = 'http://127.0.0.1:41234';
const APP_PAGE = `${APP_ORIGIN}/app/`;
const REFRESH_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl';

type Listener = (event: ProfileIpcEvent, ...args: unknown[]) => Promise<unknown>;

/** A stand-in for Electron's ipcMain: keeps the handlers and calls them as a frame at `senderUrl` would. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  const invoke = (senderUrl: string | null, channel: string, ...args: unknown[]): Promise<unknown> => {
    const listener = handlers.get(channel);
    if (listener === undefined) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return listener({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);
  };
  return { ipc, handlers, invoke };
}

function profile(overrides: Partial<SavedProfile> = {}): SavedProfile {
  return { uuid: randomUUID(), username: 'cara', display_name: 'Cara Cashier', roles: ['cashier'], ...overrides };
}

function setup() {
  const secrets = createMemorySecretStore();
  const ipcMain = fakeIpcMain();
  const unregister = registerProfileIpc(ipcMain.ipc, secrets, APP_ORIGIN);
  const call = (channel: string, ...args: unknown[]) => ipcMain.invoke(APP_PAGE, channel, ...args);
  return { secrets, ipcMain, unregister, call };
}

describe('profile IPC', () => {
  it('keeps a refresh token in the SecretStore under profile:<uuid> and lists the profile', async () => {
    const { secrets, call } = setup();
    const cara = profile();
    await call(PROFILE_CHANNELS.save, cara, REFRESH_TOKEN);

    expect(await secrets.get(profileAccount(cara.uuid))).toBe(REFRESH_TOKEN);
    expect(profileAccount(cara.uuid)).toBe(`profile:${cara.uuid}`);
    expect(await call(PROFILE_CHANNELS.refreshToken, cara.uuid)).toBe(REFRESH_TOKEN);
    expect(await call(PROFILE_CHANNELS.list)).toEqual([cara]);
    // The list holds names and roles only; tokens stay in their own accounts.
    expect(await secrets.get(PROFILE_INDEX_ACCOUNT)).not.toContain(REFRESH_TOKEN);
  });

  it('replaces a profile saved again (token rotation) and removes it with its token', async () => {
    const { secrets, call } = setup();
    const cara = profile();
    const max = profile({ username: 'max', display_name: 'Max Manager', roles: ['shop_manager'] });
    await call(PROFILE_CHANNELS.save, cara, REFRESH_TOKEN);
    await call(PROFILE_CHANNELS.save, max, REFRESH_TOKEN);
    await call(PROFILE_CHANNELS.save, { ...cara, display_name: 'Cara C.' }, `${REFRESH_TOKEN}x`);

    expect(await call(PROFILE_CHANNELS.list)).toEqual([max, { ...cara, display_name: 'Cara C.' }]);
    expect(await call(PROFILE_CHANNELS.refreshToken, cara.uuid)).toBe(`${REFRESH_TOKEN}x`);

    await call(PROFILE_CHANNELS.remove, cara.uuid);
    expect(await secrets.get(profileAccount(cara.uuid))).toBeNull();
    expect(await call(PROFILE_CHANNELS.refreshToken, cara.uuid)).toBeNull();
    expect(await call(PROFILE_CHANNELS.list)).toEqual([max]);
  });

  it('does not lose a profile when two are saved at the same moment', async () => {
    const { call } = setup();
    const profiles = [profile(), profile({ username: 'max' }), profile({ username: 'ada', roles: ['administrator'] })];
    await Promise.all(profiles.map((saved) => call(PROFILE_CHANNELS.save, saved, REFRESH_TOKEN)));
    expect(await call(PROFILE_CHANNELS.list)).toHaveLength(3);
  });

  it('refuses calls from any frame outside the app origin, storing nothing', async () => {
    const { secrets, ipcMain } = setup();
    const cara = profile();
    for (const url of ['https://evil.example/', 'http://127.0.0.1:41235/app/', 'http://localhost:41234/app/', 'file:///app/index.html', 'about:blank', '']) {
      await expect(ipcMain.invoke(url, PROFILE_CHANNELS.save, cara, REFRESH_TOKEN)).rejects.toThrow(/refused a call/);
      await expect(ipcMain.invoke(url, PROFILE_CHANNELS.refreshToken, cara.uuid)).rejects.toThrow(/refused a call/);
    }
    await expect(ipcMain.invoke(null, PROFILE_CHANNELS.list)).rejects.toThrow(/without an origin/);
    expect(await secrets.get(profileAccount(cara.uuid))).toBeNull();
    expect(await secrets.get(PROFILE_INDEX_ACCOUNT)).toBeNull();
  });

  it('does not hand a stored token to a foreign frame', async () => {
    const { ipcMain, call } = setup();
    const cara = profile();
    await call(PROFILE_CHANNELS.save, cara, REFRESH_TOKEN);
    await expect(ipcMain.invoke('https://evil.example/', PROFILE_CHANNELS.refreshToken, cara.uuid)).rejects.toThrow(/refused a call from https:\/\/evil\.example/);
  });

  it('rejects bad arguments', async () => {
    const { secrets, call } = setup();
    const cara = profile();
    const badCalls: Array<[string, ...unknown[]]> = [
      [PROFILE_CHANNELS.refreshToken, 'not-a-uuid'],
      [PROFILE_CHANNELS.refreshToken, '../jwt-signing-key'],
      [PROFILE_CHANNELS.refreshToken],
      [PROFILE_CHANNELS.refreshToken, cara.uuid, 'extra'],
      [PROFILE_CHANNELS.remove, 42],
      [PROFILE_CHANNELS.list, 'extra'],
      [PROFILE_CHANNELS.save, cara],
      [PROFILE_CHANNELS.save, cara, 'not a token'],
      [PROFILE_CHANNELS.save, cara, `${REFRESH_TOKEN}.extra`],
      [PROFILE_CHANNELS.save, cara, 'a'.repeat(5000)],
      [PROFILE_CHANNELS.save, { ...cara, roles: ['root'] }, REFRESH_TOKEN],
      [PROFILE_CHANNELS.save, { ...cara, uuid: 'jwt-signing-key' }, REFRESH_TOKEN],
      [PROFILE_CHANNELS.save, { ...cara, access_token: 'x' }, REFRESH_TOKEN],
      [PROFILE_CHANNELS.save, { ...cara, username: '' }, REFRESH_TOKEN],
      [PROFILE_CHANNELS.save, null, REFRESH_TOKEN],
    ];
    for (const [channel, ...args] of badCalls) {
      await expect(call(channel, ...args), `${channel} ${JSON.stringify(args).slice(0, 80)}`).rejects.toThrow(/invalid arguments/);
    }
    expect(await secrets.get(PROFILE_INDEX_ACCOUNT)).toBeNull();
  });

  it('never puts a token into an error message', async () => {
    const { call } = setup();
    const error = await call(PROFILE_CHANNELS.save, { ...profile(), roles: ['root'] }, REFRESH_TOKEN).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain(REFRESH_TOKEN);
  });

  it('lists nothing when the stored list is damaged, instead of failing', async () => {
    const { secrets, call } = setup();
    await secrets.set(PROFILE_INDEX_ACCOUNT, '{not json');
    expect(await call(PROFILE_CHANNELS.list)).toEqual([]);
    const cara = profile();
    await secrets.set(PROFILE_INDEX_ACCOUNT, JSON.stringify([cara, { uuid: 'x' }]));
    expect(await call(PROFILE_CHANNELS.list)).toEqual([cara]);
  });

  it('removes its handlers when unregistered', () => {
    const { ipcMain, unregister } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(PROFILE_CHANNELS).sort());
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });
});
