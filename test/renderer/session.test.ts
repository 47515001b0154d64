/**
 * Sessions and messages of the till window in real Chromium against real servers: switching user
 * needs that user's PIN (or password), the idle lock, the two cases under CONTRACT 5's sentence, the banner
 * while the server cannot be reached, CONTRACT 5's one refresh, and refresh tokens out of page script
 * (the desktop app's bridge served by the real main-process module, main/profile-ipc.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../shared/access.js';
import { STILL_UNAUTHORIZED_MESSAGE } from '../../shared/api.js';
import { registerProfileIpc, SESSION_CHANNELS, type IpcMainLike, type ProfileIpcEvent } from '../../main/profile-ipc.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';
import { api, login, type TestServer } from '../helpers/server.js';
import { gridReady, logIn, openTill, screenshot, statusText, useHarness } from '../helpers/till-page.js';

// The second server's access tokens live 2 s (expiry is checked in whole seconds).
const { harness, servers } = useHarness([{ catalogue: true }, { catalogue: false, accessTtlSeconds: 2 }]);
const [server, shortAccess] = servers as [TestServer, TestServer];

async function storageDump(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...(globalThis as any).localStorage }, session: { ...(globalThis as any).sessionStorage } }));
}

describe('switching user and locking', () => {
  it('asks for the PIN of the user switched to (or the password), and keeps only the active session in sessionStorage', async () => {
    const adminUser = server.users.administrator;
    const adminToken = (await login(server, 'administrator')).access_token;
    expect((await api(server, 'POST', '/auth/pin', { token: adminToken, body: { pin: '8642', current_password: adminUser.password } })).status).toBe(200);
    const { page, pageErrors, count } = await openTill(harness, server);
    const admin = await logIn(page, server, 'administrator');
    await page.locator('#switch-user').click();
    await page.locator('#login-form').waitFor();
    const cashier = await logIn(page, server, 'cashier');
    // The administrator's session was ended on the server, and its token is nowhere in the tab's storage.
    expect((await api(server, 'GET', '/auth/test', { token: admin.access_token })).body).toEqual({ authenticated: false, user_id: 0 });
    const stored = await storageDump(page);
    expect(stored).not.toContain(admin.refresh_token);
    expect(stored).toContain(cashier.refresh_token);

    // Back to the administrator: the profile button only fills in the name; their PIN is asked for.
    await page.locator('#switch-user').click();
    const adminButton = page.locator(`#profile-list button[data-profile="${admin.user.uuid}"]`);
    await adminButton.click();
    expect(await page.locator('#login-username').inputValue()).toBe(admin.user.username);
    await page.locator('#login-pin:focus').waitFor();
    expect(await page.getByLabel('PIN', { exact: true }).count()).toBe(1);
    expect(await page.locator('#session-bar').count()).toBe(0);
    await screenshot(page, 'switch-pin');
    // A wrong PIN is refused in words about the PIN; nothing opens.
    await page.locator('#login-pin').fill('1111');
    await page.locator('#login-submit').click();
    await page.locator('#login-error', { hasText: 'That PIN is not correct. Try again, or use the password instead.' }).waitFor();
    expect(await page.locator('#session-bar').count()).toBe(0);
    // Only digits go in.
    await page.locator('#login-pin').fill('');
    await page.locator('#login-pin').pressSequentially('86a42');
    expect(await page.locator('#login-pin').inputValue()).toBe('8642');
    const [pinLogin] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/pos/v1/auth/login')),
      page.locator('#login-submit').click(),
    ]);
    expect(JSON.parse(pinLogin.postData() ?? '{}')).toEqual({ username: adminUser.username, pin: '8642' });
    await page.locator('#session-bar').waitFor();
    expect(await page.locator('#user-role').textContent()).toBe('Administrator');
    expect(await storageDump(page)).not.toContain('8642');

    // Or the password instead, for a user without a PIN.
    await page.locator('#switch-user').click();
    await page.locator(`#profile-list button[data-profile="${cashier.user.uuid}"]`).click();
    await page.getByRole('button', { name: 'Use password instead' }).click();
    await page.locator('#login-password:focus').waitFor();
    await logIn(page, server, 'cashier');
    expect(count('POST /auth/login')).toBe(5);

    // Logging out ends the session on the server.
    const before = count('POST /auth/logout');
    await page.locator('#log-out').click();
    await page.locator('#status-message', { hasText: 'You have logged out.' }).waitFor();
    expect(count('POST /auth/logout') - before).toBe(1);
    expect(await storageDump(page)).not.toContain('refresh');
    expect(pageErrors).toEqual([]);
  });

  it('locks after the idle time and unlocks with the PIN or the password, keeping the cart', async () => {
    const { page, pageErrors } = await openTill(harness, server, { query: '?idle-lock=1' });
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('button', { name: 'Americano', exact: true }).click();
    await page.locator('.cart-line-name', { hasText: 'Americano' }).waitFor();
    await sleep(1_300);
    await page.locator('#lock-view').waitFor();
    expect(await page.getByRole('region', { name: 'Cart' }).count()).toBe(0);
    await screenshot(page, 'lock');
    // The cashier logged in with their password and has no PIN: the lock asks for the password.
    expect(await page.locator('#unlock-pin').count()).toBe(0);
    await page.locator('#unlock-password').fill('wrong password');
    await page.keyboard.press('Enter');
    await page.locator('#lock-view .form-error', { hasText: 'not correct' }).waitFor();
    // A PIN they do not have is refused as a wrong one would be.
    await page.getByRole('button', { name: 'Use PIN instead' }).click();
    await page.locator('#unlock-pin').fill('2222');
    await page.keyboard.press('Enter');
    await page.locator('#lock-view .form-error', { hasText: 'That PIN is not correct' }).waitFor();
    await page.getByRole('button', { name: 'Use password instead' }).click();
    await page.locator('#unlock-password').fill(server.users.cashier.password);
    await page.keyboard.press('Enter');
    await page.locator('.cart-line-name', { hasText: 'Americano' }).waitFor();

    // With a PIN set, the lock opens with it.
    expect(
      (
        await api(server, 'POST', '/auth/pin', {
          token: (await login(server, 'cashier')).access_token,
          body: { pin: '3690', current_password: server.users.cashier.password },
        })
      ).status,
    ).toBe(200);
    await sleep(1_300);
    await page.locator('#lock-view').waitFor();
    await page.getByRole('button', { name: 'Use PIN instead' }).click();
    await page.locator('#unlock-pin').fill('3690');
    await page.keyboard.press('Enter');
    await page.locator('.cart-line-name', { hasText: 'Americano' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('messages', () => {
  it('names the missing capability under CONTRACT 5 sentence and suggests a manager', async () => {
    const { page } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    const { access_token } = await login(server, 'administrator');
    const without = DEFAULT_ROLES.cashier.capabilities.filter((capability) => capability !== 'read_orders');
    expect((await api(server, 'PATCH', '/roles/cashier', { token: access_token, body: { capabilities: without } })).status).toBe(200);
    try {
      await page.locator('#nav-history').click();
      await page.locator('#status-message', { hasText: STILL_UNAUTHORIZED_MESSAGE }).waitFor();
      expect(await statusText(page)).toBe(STILL_UNAUTHORIZED_MESSAGE);
      expect(await page.locator('#status-explanation').textContent()).toBe(
        'Your role does not have the capability read_orders (to see orders). Ask a manager to do this, or to give your role that capability.',
      );
      expect(await page.locator('#status-detail').textContent()).toContain('pos_rest_forbidden');
      // The refused list is not shown as an empty one.
      expect(await page.getByText('No orders found.').count()).toBe(0);
      await screenshot(page, 'message-capability');
      // Still logged in: a permission failure is not the end of the session.
      expect(await page.locator('#session-bar').count()).toBe(1);
    } finally {
      await api(server, 'PATCH', '/roles/cashier', { token: access_token, body: { capabilities: DEFAULT_ROLES.cashier.capabilities } });
    }
  });

  it('says the session ended when it was revoked elsewhere, and offers the login', async () => {
    const { page, count } = await openTill(harness, server);
    // The selling screen's last read on opening (the exchange credit waiting) comes after the grid:
    // revoked before it answers, that read, not the click below, would end the session.
    const lastRead = page.waitForResponse((response) => response.url().includes('/exchange-credit'));
    const cashier = await logIn(page, server, 'cashier');
    await gridReady(page);
    await lastRead;
    expect((await api(server, 'POST', '/auth/logout', { token: cashier.access_token })).body).toEqual({ revoked: true });
    await page.locator('#nav-history').click();
    await page.locator('#login-form').waitFor();
    await page.locator('#status-message', { hasText: 'has ended' }).waitFor();
    expect(await page.locator('#status-explanation').textContent()).toContain('Your session has ended');
    expect(await page.locator('#status-detail').textContent()).toContain('pos_auth_refresh_invalid');
    expect(await page.locator('#login-username').inputValue()).toBe(cashier.user.username);
    expect(count('POST /auth/refresh')).toBe(1);
  });

  it('shows a banner while the server cannot be reached, clears stale results, and retries', async () => {
    const { page } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.route('**/pos/v1/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('searchbox', { name: 'Search products' }).fill('croissant');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.locator('#offline-banner').waitFor();
    // The old rows do not stay under the new term.
    expect(await page.locator('#product-grid .tile').count()).toBe(0);
    await screenshot(page, 'offline');
    await page.unroute('**/pos/v1/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('#offline-banner').waitFor({ state: 'detached' });
    await page.locator('#product-grid .tile', { hasText: 'Croissant' }).first().waitFor();
  });

  it('refreshes an expired access token once, shared by the concurrent requests of a screen (CONTRACT 5)', async () => {
    const { page, count, pageErrors } = await openTill(harness, shortAccess);
    await logIn(page, shortAccess, 'cashier');
    await page.locator('#products-view[aria-busy="false"]').waitFor({ state: 'attached' });
    await sleep(2_200);
    const before = { refresh: count('POST /auth/refresh'), stores: count('GET /stores'), gateways: count('GET /payment-gateways') };
    // The selling screen loads the store, tenders, categories and products at once, all with the expired token.
    const answered = ['/stores', '/payment-gateways', '/products/categories', '/products'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === `/pos/v1${path}` && response.status() === 200),
    );
    await page.locator('#nav-sell').click();
    await Promise.all(answered);
    await sleep(200);
    expect(count('POST /auth/refresh') - before.refresh).toBe(1);
    expect(count('GET /stores') - before.stores).toBe(2);
    expect(count('GET /payment-gateways') - before.gateways).toBe(2);
    expect(await page.locator('#status').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

/** The desktop app's bridge, answered by the real main-process module over a stand-in for Electron's IPC. */
async function installDesktopBridge(context: BrowserContext, target: TestServer) {
  const secrets = createMemorySecretStore();
  const handlers = new Map<string, (event: ProfileIpcEvent, ...args: unknown[]) => Promise<unknown>>();
  const ipc: IpcMainLike = { handle: (channel, listener) => handlers.set(channel, listener), removeHandler: (channel) => handlers.delete(channel) };
  registerProfileIpc(ipc, secrets, target.origin, target.apiUrl, fetch);
  await context.exposeBinding('__tillbaseIpc', async ({ frame }, channel: string, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (handler === undefined) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: { url: frame.url() } }, ...args);
  });
  await context.addInitScript((channels: typeof SESSION_CHANNELS) => {
    const invoke = (globalThis as any).__tillbaseIpc as (channel: string, ...args: unknown[]) => Promise<unknown>;
    // Every answer the bridge gives page script is kept where the search below looks.
    const answers: unknown[] = [];
    (globalThis as any).bridgeAnswers = answers;
    const call = async (channel: string, ...args: unknown[]): Promise<any> => {
      const answer = await invoke(channel, ...args);
      answers.push(answer);
      return answer;
    };
    (globalThis as any).tillbase = {
      session: {
        profiles: () => call(channels.profiles),
        // As main/preload.cts: the kind ('pin') is passed only when given.
        login: (username: string, secret: string, kind?: string) =>
          kind === undefined ? call(channels.login, username, secret) : call(channels.login, username, secret, kind),
        refresh: (uuid: string) => call(channels.refresh, uuid),
        logout: (uuid: string) => call(channels.logout, uuid),
      },
      print: () => Promise.resolve({ printed: true, reason: null }),
    };
  }, SESSION_CHANNELS);
  return secrets;
}

describe('refresh tokens out of page script', () => {
  it('in the desktop app, switching back to a saved user needs their PIN: page script cannot refresh anyone but the active user', async () => {
    const adminUser = server.users.administrator;
    const adminToken = (await login(server, 'administrator')).access_token;
    expect((await api(server, 'POST', '/auth/pin', { token: adminToken, body: { pin: '8642', current_password: adminUser.password } })).status).toBe(200);
    const { page, pageErrors } = await openTill(harness, server, {
      beforeLoad: async (context) => {
        await installDesktopBridge(context, server);
      },
    });
    // Logins go through main (the bridge), not the page's network: wait for the session bar.
    const logInByPassword = async (role: 'administrator' | 'cashier') => {
      await page.locator('#login-username').fill(server.users[role].username);
      await page.locator('#login-password').fill(server.users[role].password);
      await page.locator('#login-submit').click();
      await page.locator('#session-bar').waitFor();
    };
    await logInByPassword('administrator');
    const uuidOf = async (username: string): Promise<string> => {
      const profiles = await page.evaluate(async () => (await (globalThis as any).tillbase.session.profiles()) as Array<{ uuid: string; username: string }>);
      const found = profiles.find((profile) => profile.username === username);
      if (found === undefined) throw new Error(`${username} is not a saved profile`);
      return found.uuid;
    };
    const admin = { user: { uuid: await uuidOf(adminUser.username) } };
    const adminSession = await page.evaluate(
      async (id) => ((await (globalThis as any).tillbase.session.refresh(id)) as { grant: { access_token: string } }).grant.access_token,
      admin.user.uuid,
    );
    await page.locator('#switch-user').click();
    await logInByPassword('cashier');
    const refreshOf = (uuid: string) =>
      page.evaluate(async (id) => (await (globalThis as any).tillbase.session.refresh(id)) as { ok: boolean; status?: number }, uuid);
    // The administrator is a name on the list now: one click in page script gets no token.
    expect(await refreshOf(admin.user.uuid)).toMatchObject({ ok: false, status: 401 });
    expect((await api(server, 'GET', '/auth/test', { token: adminSession })).body.authenticated).toBe(false);

    await page.locator('#switch-user').click();
    await page.locator(`#profile-list button[data-profile="${admin.user.uuid}"]`).click();
    await page.locator('#login-pin:focus').waitFor();
    await page.locator('#login-pin').fill('8643');
    await page.locator('#login-submit').click();
    await page.locator('#login-error', { hasText: 'That PIN is not correct' }).waitFor();
    expect(await page.locator('#session-bar').count()).toBe(0);
    await page.locator('#login-pin').fill('8642');
    await page.locator('#login-submit').click();
    await page.locator('#session-bar').waitFor();
    expect(await page.locator('#user-role').textContent()).toBe('Administrator');
    const cashierUuid = await uuidOf(server.users.cashier.username);
    expect(await refreshOf(cashierUuid)).toMatchObject({ ok: false, status: 401 });
    expect(await refreshOf(admin.user.uuid)).toMatchObject({ ok: true });
    const readable = await page.evaluate(
      () => JSON.stringify((globalThis as any).bridgeAnswers) + JSON.stringify({ ...(globalThis as any).sessionStorage, ...(globalThis as any).localStorage }),
    );
    expect(readable).not.toContain('refresh_token');
    expect(readable).not.toContain('8642');
    expect(pageErrors).toEqual([]);
  });

  it('in the desktop app, holds no refresh token in storage, globals, the page or the bridge answers', async () => {
    let secrets: Awaited<ReturnType<typeof installDesktopBridge>> | undefined;
    const { page, pageErrors } = await openTill(harness, server, {
      beforeLoad: async (context) => {
        secrets = await installDesktopBridge(context, server);
      },
    });
    await page.locator('#login-username').fill(server.users.cashier.username);
    await page.locator('#login-password').fill(server.users.cashier.password);
    await page.locator('#login-submit').click();
    await gridReady(page);
    // A reload: the page gets a new access token from main, never the refresh token.
    await page.reload();
    await gridReady(page);
    const index = JSON.parse((await secrets!.get('profile-index')) ?? '[]') as Array<{ uuid: string }>;
    expect(index).toHaveLength(1);
    const refreshToken = await secrets!.get(`profile:${index[0]!.uuid}`);
    expect(refreshToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const everythingReadable = await page.evaluate(() => {
      const page = globalThis as any;
      const parts: string[] = [JSON.stringify({ ...page.localStorage }), JSON.stringify({ ...page.sessionStorage }), page.document.documentElement.outerHTML];
      for (const name of Object.getOwnPropertyNames(page)) {
        try {
          // JSON.stringify answers undefined for functions and undefined values.
          const json: unknown = JSON.stringify(page[name]);
          if (typeof json === 'string') parts.push(json);
        } catch {
          // Cyclic or host objects hold no token of ours.
        }
      }
      return parts.join('\n');
    });
    // The bridge's answers were searched: they hold the access tokens main handed over.
    expect(everythingReadable).toContain('access_token');
    expect(everythingReadable).not.toContain(refreshToken);
    expect(everythingReadable).not.toContain('refresh_token');
    expect(pageErrors).toEqual([]);
  });
});
