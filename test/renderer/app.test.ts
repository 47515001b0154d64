/**
 * The till's window in real headless Chromium against real servers: the built UI (dist/renderer,
 * served by the server at /app/), the real pos/v1 API, real token expiry. Nothing is faked.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '../../shared/access.js';
import { STILL_UNAUTHORIZED_MESSAGE, type TokenResponse } from '../../shared/api.js';
import { seedDemoCatalogue } from '../../server/demo/catalogue.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api, makeDataDir, startTestServer, type TestServer } from '../helpers/server.js';

const BUILT_APP = fileURLToPath(new URL('../../dist/renderer/app.js', import.meta.url));
const SCREENSHOT = fileURLToPath(new URL('../../test-results/renderer.png', import.meta.url));
/** Every wait of a page is bounded by this. */
const WAIT_MS = 10_000;

interface Product {
  id: number;
  name: string;
  sku: string;
  price: string;
}

let browser: Browser;
/** Default lifetimes, over a data directory with the demo catalogue. */
let server: TestServer;
/** Access tokens live 2 s (expiry is checked in whole seconds, so 1 s could leave a token milliseconds to live). */
let shortAccess: TestServer;
/** Refresh tokens live 3 s. */
let shortRefresh: TestServer;
/** What afterAll closes, latest first: contexts, the browser, the servers, the data directory. */
const cleanups: Array<() => Promise<void> | void> = [];

async function assertServesBuiltUi(target: TestServer): Promise<void> {
  const response = await fetch(`${target.origin}/app/app.js`);
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('javascript')) {
    throw new Error(`${target.origin}/app/app.js answered ${response.status}: the server must serve the built renderer (dist/renderer) at /app/`);
  }
}

async function startServer(overrides: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(overrides);
  cleanups.push(() => started.close());
  return started;
}

beforeAll(async () => {
  if (!existsSync(BUILT_APP)) throw new Error('dist/renderer/app.js is missing: run `npm run build` before these tests');
  const catalogueDir = makeDataDir();
  cleanups.push(() => {
    rmSync(catalogueDir, { recursive: true, force: true });
  });
  const db = openDataDirDatabase(catalogueDir);
  try {
    seedDemoCatalogue(db);
  } finally {
    db.close();
  }
  [server, shortAccess, shortRefresh] = await Promise.all([
    startServer({ dataDir: catalogueDir }),
    startServer({ accessTtlSeconds: 2 }),
    startServer({ accessTtlSeconds: 1, refreshTtlSeconds: 3 }),
  ]);
  await assertServesBuiltUi(server);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    timeout: WAIT_MS,
  });
  cleanups.push(() => browser.close());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh browser profile (its own sessionStorage) on the till's page, recording API traffic. */
async function openTill(target: TestServer) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  const requests: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/pos/v1/')) requests.push(`${request.method()} ${url.pathname.slice('/pos/v1'.length)}`);
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // Failed requests are expected in these tests (401/403); anything else in the console is a bug.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
  await page.goto(`${target.origin}/app/`);
  await page.locator('#login-form').waitFor();
  const count = (request: string) => requests.filter((seen) => seen === request).length;
  return { page, requests, pageErrors, count };
}

async function logInThroughForm(page: Page, target: TestServer, role: RoleName): Promise<TokenResponse> {
  const user = target.users[role];
  await page.locator('#login-username').fill(user.username);
  await page.locator('#login-password').fill(user.password);
  const [response] = await Promise.all([page.waitForResponse((candidate) => candidate.url().endsWith('/pos/v1/auth/login')), page.locator('#login-submit').click()]);
  expect(response.status()).toBe(200);
  await page.locator('#session-bar').waitFor();
  return (await response.json()) as TokenResponse;
}

async function text(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).textContent()) ?? '').trim();
}

async function isHidden(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).isHidden();
}

async function goToRoute(page: Page, route: '#/products' | '#/settings'): Promise<void> {
  await page.evaluate(`window.location.hash = ${JSON.stringify(route)}`);
}

/**
 * Does `action`, waits for the API's successful answers to `paths` (the repeats, after a refresh),
 * then for `view` to settle: it is `aria-busy` from before its requests go out until they are rendered.
 */
async function settled<T>(page: Page, view: string, paths: string[], action: () => Promise<T>): Promise<T> {
  const answers = paths.map((path) => page.waitForResponse((response) => new URL(response.url()).pathname === `/pos/v1${path}` && response.status() === 200));
  const result = await action();
  await Promise.all(answers);
  await page.locator(`${view}[aria-busy="false"]`).waitFor({ state: 'attached' });
  return result;
}

async function waitForStatus(page: Page, message: string): Promise<void> {
  await page.locator('#status-message', { hasText: message }).waitFor();
}

describe('till window', () => {
  it('logs the cashier in through the form, searches products and refuses the settings', async () => {
    const { page, pageErrors, count } = await openTill(server);
    expect(await page.title()).toBe('Tillbase');
    expect(await isHidden(page, '#session-bar')).toBe(true);
    expect(await isHidden(page, '#profiles')).toBe(true);

    await page.locator('#login-username').fill(server.users.cashier.username);
    await page.locator('#login-password').fill('not the password');
    await page.locator('#login-submit').click();
    await page.locator('#login-error', { hasText: 'not correct' }).waitFor();
    expect(await text(page, '#login-error')).toBe('The username or password is not correct.');

    const tokens = await logInThroughForm(page, server, 'cashier');
    expect(await text(page, '#user-name')).toBe(tokens.user.display_name);
    expect(await text(page, '#user-role')).toBe('Cashier');
    expect(await isHidden(page, '#nav-settings')).toBe(true);
    // Ready for a barcode scanner: the focus is in the product search.
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('search-input');

    // The product list of the first screen, then a search by SKU for one product of the catalogue.
    const catalogue = await api<Product[]>(server, 'GET', '/products?per_page=5', { token: tokens.access_token });
    expect(catalogue.status).toBe(200);
    const product = catalogue.body.find((candidate) => candidate.sku !== '') ?? catalogue.body[0];
    if (product === undefined) throw new Error('the demo catalogue has no products');
    await page.locator('#product-rows tr').first().waitFor();

    mkdirSync(fileURLToPath(new URL('../../test-results/', import.meta.url)), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.locator('#search-input').fill(product.sku === '' ? product.name : product.sku);
    await settled(page, '#products-view', ['/products'], () => page.locator('#search-input').press('Enter'));
    const row = page.locator('#product-rows tr', { hasText: product.name });
    const cells = (await row.first().locator('td').allTextContents()).map((cell) => cell.trim());
    expect(cells[0]).toBe(product.name);
    expect(cells[1]).toBe(product.sku === '' ? '—' : product.sku);
    expect(cells[2]).toMatch(/\d/);

    // The page never shows a token.
    const html = await page.content();
    expect(html).not.toContain(tokens.access_token);
    expect(html).not.toContain(tokens.refresh_token);

    // The settings link is absent for the cashier; opening the route anyway is refused by the server,
    // and after one refresh the client shows the CONTRACT 5 sentence with the code and reason below it.
    const refreshesBefore = count('POST /auth/refresh');
    await goToRoute(page, '#/settings');
    await waitForStatus(page, STILL_UNAUTHORIZED_MESSAGE);
    expect(await text(page, '#status-message')).toBe(STILL_UNAUTHORIZED_MESSAGE);
    const detail = await text(page, '#status-detail');
    expect(detail).toContain('pos_rest_forbidden');
    expect(detail).toContain('missing_capability');
    expect(count('POST /auth/refresh') - refreshesBefore).toBe(1);
    expect(count('GET /settings/general')).toBe(2);
    expect(await isHidden(page, '#settings-view')).toBe(true);
    // A permission failure leaves the cashier logged in.
    expect(await isHidden(page, '#session-bar')).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it('shows the manager the settings, switches users without logging anyone out, and logs out one', async () => {
    const { page, pageErrors, count } = await openTill(server);
    const cashier = await logInThroughForm(page, server, 'cashier');

    await page.locator('#switch-user').click();
    await page.locator('#login-form').waitFor();
    expect(await isHidden(page, '#session-bar')).toBe(true);
    expect(await page.locator('#profile-list button').count()).toBe(1);

    const manager = await logInThroughForm(page, server, 'shop_manager');
    expect(await text(page, '#user-name')).toBe(manager.user.display_name);
    expect(await text(page, '#user-role')).toBe('Shop manager');
    await settled(page, '#settings-view', ['/settings/general'], () => page.locator('#nav-settings').click());
    expect(await page.locator('#settings-list dt').count()).toBeGreaterThan(0);
    expect(await page.locator('#nav-settings').getAttribute('aria-current')).toBe('page');

    await page.locator('#switch-user').click();
    await page.locator('#profile-list button').nth(1).waitFor();
    const names = (await page.locator('#profile-list button').allTextContents()).join(' | ');
    expect(names).toContain(cashier.user.display_name);
    expect(names).toContain(manager.user.display_name);

    // Back to the cashier: the access token is still in memory, so no refresh and no new login.
    await page.locator(`#profile-list button[data-profile="${cashier.user.uuid}"]`).click();
    await page.locator('#user-role', { hasText: 'Cashier' }).waitFor();
    expect(await text(page, '#user-name')).toBe(cashier.user.display_name);
    expect(await isHidden(page, '#nav-settings')).toBe(true);
    // The cashier starts on the products screen, not on the settings the manager had open.
    expect(await isHidden(page, '#products-view')).toBe(false);
    expect(await isHidden(page, '#status')).toBe(true);
    expect(count('POST /auth/login')).toBe(2);
    expect(count('POST /auth/refresh')).toBe(0);

    await page.locator('#log-out').click();
    await waitForStatus(page, 'You have logged out.');
    expect(count('POST /auth/logout')).toBe(1);
    expect(await page.locator('#profile-list button').count()).toBe(1);
    expect(await page.locator(`#profile-list button[data-profile="${manager.user.uuid}"]`).count()).toBe(1);
    // The cashier's session is revoked on the server.
    const revoked = await api(server, 'GET', '/auth/test', { token: cashier.access_token });
    expect(revoked.body).toEqual({ authenticated: false, user_id: 0 });

    // The manager is still logged in.
    await page.locator(`#profile-list button[data-profile="${manager.user.uuid}"]`).click();
    await page.locator('#user-role', { hasText: 'Shop manager' }).waitFor();
    expect(await isHidden(page, '#nav-settings')).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it('stays logged in across a reload of the page, from the refresh token in sessionStorage', async () => {
    const { page, count } = await openTill(server);
    const tokens = await logInThroughForm(page, server, 'cashier');
    await page.reload();
    await page.locator('#user-name', { hasText: tokens.user.display_name }).waitFor();
    expect(count('POST /auth/refresh')).toBe(1);
  });
});

describe('till window: CONTRACT 5 in the browser', () => {
  it('refreshes an expired access token once and the request succeeds', async () => {
    const { page, count, requests, pageErrors } = await openTill(shortAccess);
    await settled(page, '#products-view', ['/stores', '/products'], () => logInThroughForm(page, shortAccess, 'cashier'));
    await sleep(2_200);
    requests.length = 0;

    await page.locator('#search-input').fill('no product is called this');
    await settled(page, '#products-view', ['/products'], () => page.locator('#search-input').press('Enter'));
    expect(await page.locator('#product-rows tr').count()).toBe(0);
    expect(await isHidden(page, '#product-empty')).toBe(false);
    expect(count('POST /auth/refresh')).toBe(1);
    expect(requests.filter((request) => request.startsWith('GET /products'))).toHaveLength(2);
    expect(await isHidden(page, '#status')).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('makes concurrent requests share one refresh', async () => {
    const { page, count, requests, pageErrors } = await openTill(shortAccess);
    await logInThroughForm(page, shortAccess, 'shop_manager');
    await settled(page, '#settings-view', ['/settings/general'], () => page.locator('#nav-settings').click());
    await sleep(2_200);
    requests.length = 0;

    // The products screen loads the store and the products at once, both with the expired token.
    await settled(page, '#products-view', ['/stores', '/products'], () => page.locator('#nav-products').click());
    expect(await isHidden(page, '#status')).toBe(true);
    expect(count('POST /auth/refresh')).toBe(1);
    expect(count('GET /stores')).toBe(2);
    expect(requests.filter((request) => request.startsWith('GET /products'))).toHaveLength(2);
    expect(pageErrors).toEqual([]);
  });

  it('returns to the login screen when the refresh token has expired', async () => {
    const { page, count, requests } = await openTill(shortRefresh);
    const tokens = await settled(page, '#products-view', ['/stores', '/products'], () => logInThroughForm(page, shortRefresh, 'cashier'));
    await sleep(3_200);
    requests.length = 0;

    await page.locator('#search-input').fill('anything');
    await page.locator('#search-input').press('Enter');
    await page.locator('#login-form').waitFor();
    await waitForStatus(page, 'has ended');
    expect(await text(page, '#status-message')).toBe(`The session of ${tokens.user.display_name} has ended - please log in again.`);
    expect(await text(page, '#status-detail')).toContain('pos_auth_refresh_expired');
    expect(await page.locator('#login-username').inputValue()).toBe(tokens.user.username);
    expect(await isHidden(page, '#session-bar')).toBe(true);
    expect(await isHidden(page, '#profiles')).toBe(true);
    expect(count('POST /auth/refresh')).toBe(1);
  });

  it('returns to the login screen when the session was revoked elsewhere', async () => {
    const { page, count } = await openTill(server);
    const manager = await settled(page, '#products-view', ['/stores', '/products'], () => logInThroughForm(page, server, 'shop_manager'));
    const revoked = await api(server, 'POST', '/auth/logout', { token: manager.access_token });
    expect(revoked.body).toEqual({ revoked: true });

    await page.locator('#nav-settings').click();
    await page.locator('#login-form').waitFor();
    await waitForStatus(page, 'has ended');
    expect(await text(page, '#status-detail')).toContain('pos_auth_refresh_invalid');
    expect(count('POST /auth/refresh')).toBe(1);
    expect(await page.locator('#profile-list button').count()).toBe(0);
  });
});
