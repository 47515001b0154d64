/**
 * Shared setup of the till-window tests: real servers on 127.0.0.1 over real SQLite files (the demo
 * catalogue seeded where a test sells), Debian's Chromium through playwright-core, and the built UI
 * (dist/renderer) served by the server at /app/. Nothing on the page is faked.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RoleName } from '../../shared/access.js';
import type { TokenResponse } from '../../shared/api.js';
import { seedDemoCatalogue } from '../../server/demo/catalogue.js';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir, startTestServer, type TestServer } from './server.js';
import { servicesOf } from './services.js';

const BUILT_APP = fileURLToPath(new URL('../../dist/renderer/app.js', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const DOCS_SCREENSHOT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
/** Set by `npm run docs:screenshots` (scripts/docs-screenshots.mjs): the docs' screenshots are taken again. */
const RETAKE_DOCS_SCREENSHOTS = process.env.TILLBASE_DOCS_SCREENSHOTS === '1';
/** Every wait of a page is bounded by this. */
export const WAIT_MS = 10_000;

export interface TillHarness {
  browser: Browser;
  servers: TestServer[];
  cleanups: Array<() => Promise<void> | void>;
}

/** Starts Chromium and the servers; `catalogue` servers get the demo catalogue (299 products). */
export async function startHarness(servers: Array<{ catalogue: boolean } & Parameters<typeof startTestServer>[0]>): Promise<TillHarness> {
  if (!existsSync(BUILT_APP)) throw new Error('dist/renderer/app.js is missing: run `npm run build` before these tests');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const cleanups: Array<() => Promise<void> | void> = [];
  const started = await Promise.all(
    servers.map(async ({ catalogue, ...overrides }) => {
      let dataDir: string | undefined;
      if (catalogue) {
        const dir = makeDataDir();
        dataDir = dir;
        cleanups.push(() => {
          rmSync(dir, { recursive: true, force: true });
        });
        const db = openDataDirDatabase(dir);
        try {
          seedDemoCatalogue(servicesOf(db));
        } finally {
          db.close();
        }
      }
      const server = await startTestServer({ ...overrides, ...(dataDir === undefined ? {} : { dataDir }) });
      cleanups.push(() => server.close());
      return server;
    }),
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    timeout: WAIT_MS,
  });
  cleanups.push(() => browser.close());
  return { browser, servers: started, cleanups };
}

export async function stopHarness(harness: TillHarness | undefined): Promise<void> {
  if (harness === undefined) return;
  for (const cleanup of harness.cleanups.reverse()) await cleanup();
}

export type HarnessServer = Parameters<typeof startHarness>[0][number];

export interface HarnessFixture {
  harness: TillHarness;
  /** The first of `servers`. */
  server: TestServer;
  servers: TestServer[];
}

/**
 * Chromium and the servers for the tests of the enclosing file or describe block: registers its
 * own beforeAll (startHarness, then `setup`) and afterAll (stopHarness), and answers objects the
 * beforeAll fills in place, so a file can destructure them at the top.
 */
export function useHarness(servers: HarnessServer | HarnessServer[], setup?: (fixture: HarnessFixture) => Promise<void> | void): HarnessFixture {
  const wanted = Array.isArray(servers) ? servers : [servers];
  const harness = { cleanups: [] as TillHarness['cleanups'] } as TillHarness;
  const filled = wanted.map(() => ({}) as TestServer);
  const fixture: HarnessFixture = { harness, server: filled[0]!, servers: filled };
  let started: TillHarness | undefined;
  beforeAll(async () => {
    started = await startHarness(wanted);
    Object.assign(harness, started);
    started.servers.forEach((server, index) => Object.assign(filled[index]!, server));
    await setup?.(fixture);
  });
  afterAll(async () => {
    await stopHarness(started);
  });
  return fixture;
}

export interface TillPage {
  page: Page;
  context: BrowserContext;
  requests: string[];
  pageErrors: string[];
  count: (request: string) => number;
}

/** A fresh browser profile on the till's page (1024×768 unless told), recording API traffic. */
export async function openTill(
  harness: TillHarness,
  target: TestServer,
  options: { viewport?: { width: number; height: number }; query?: string; beforeLoad?: (context: BrowserContext, page: Page) => Promise<unknown> } = {},
): Promise<TillPage> {
  const context = await harness.browser.newContext({ viewport: options.viewport ?? { width: 1024, height: 768 } });
  harness.cleanups.push(() => context.close());
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
    // Refused requests are expected in some tests; anything else in the console is a bug.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
  if (options.beforeLoad !== undefined) await options.beforeLoad(context, page);
  await page.goto(`${target.origin}/app/${options.query ?? ''}`);
  await page.locator('#login-form').waitFor();
  return { page, context, requests, pageErrors, count: (request) => requests.filter((seen) => seen === request).length };
}

/** Logs in through the form; answers the login's JSON as the browser received it. */
export async function logIn(page: Page, target: TestServer, role: RoleName, password = target.users[role].password): Promise<TokenResponse> {
  const user = target.users[role];
  await page.locator('#login-username').fill(user.username);
  await page.locator('#login-password').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith('/pos/v1/auth/login')),
    page.locator('#login-submit').click(),
  ]);
  expect(response.status()).toBe(200);
  await page.locator('#session-bar').waitFor();
  return (await response.json()) as TokenResponse;
}

/** Waits until the product grid has settled with at least one tile. */
export async function gridReady(page: Page): Promise<void> {
  await page.locator('#products-view[aria-busy="false"] #product-grid .tile').first().waitFor();
}

/** Waits until the cart's last change has come back from the server. */
export async function cartSettled(page: Page): Promise<void> {
  await page.locator('#cart[aria-busy="false"]').waitFor({ state: 'attached' });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png` });
}

/**
 * A screenshot the docs show as docs/screenshots/NAME.png: taken with the run's like any other, and
 * written into docs/ only by `npm run docs:screenshots`, so that a test run leaves the docs alone.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (RETAKE_DOCS_SCREENSHOTS) copyFileSync(`${SCREENSHOT_DIR}${name}.png`, `${DOCS_SCREENSHOT_DIR}${name}.png`);
}

/** Types like a keyboard-wedge scanner: a few milliseconds per character, then Enter. */
/**
 * A scanner's burst: the code's keys and Enter dispatched inside the page in one go, where the focus
 * is. Keys typed one by one from here arrive as far apart as a loaded machine makes them, and a gap
 * over the wedge's 50 ms rightly turns a scan into typing (the wedge's timing is tested in
 * test/renderer/till-logic.test.ts); this keeps the browser tests about what a scan does.
 */
export async function scan(page: Page, code: string): Promise<void> {
  await page.evaluate((code) => {
    const inPage = globalThis as any;
    const target = inPage.document.activeElement ?? inPage.document.body;
    for (const key of [...code.split(''), 'Enter']) {
      target.dispatchEvent(new inPage.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

export async function statusText(page: Page): Promise<string> {
  return ((await page.locator('#status-message').textContent()) ?? '').trim();
}

/**
 * Waits until the table `selector` is loaded (it, or the section around it, not aria-busy) and holds `count` rows. A search re-renders on the
 * next tick, so right after its button the table still shows the old rows, not busy: a wait on a
 * row the old list also held would pass before the new list is there.
 */
export async function tableRows(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(
    ([table, rows]) => {
      const element = (globalThis as any).document.querySelector(table);
      const busy = element?.closest('[aria-busy]')?.getAttribute('aria-busy');
      return element !== null && busy !== 'true' && element.querySelectorAll('tbody tr').length === rows;
    },
    [selector, count] as const,
  );
}
