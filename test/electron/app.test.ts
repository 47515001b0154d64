/**
 * The real desktop app under Playwright's Electron driver: the main process starts the embedded
 * server over a temporary data directory, the window opens on its login screen, and a user logs in.
 * Needs an Electron build (the npm package's binary cannot be downloaded everywhere) whose Node ABI
 * matches the installed better-sqlite3 (electron-rebuild); set ELECTRON_OVERRIDE_DIST_PATH to its
 * directory, as for the electron package itself. On Linux without a display, run under xvfb-run.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataDirDatabase, userAdminFor } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';

const ELECTRON_DIST = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WAIT_MS = 20_000;
const USER = { username: 'cara', displayName: 'Cara Cashier', password: 'a long demo password 1' };

function electronExecutable(dist: string): string {
  if (process.platform === 'darwin') return join(dist, 'Electron.app', 'Contents', 'MacOS', 'Electron');
  return join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron');
}

describe.skipIf(ELECTRON_DIST === undefined || ELECTRON_DIST === '')('electron app (skipped: set ELECTRON_OVERRIDE_DIST_PATH to an Electron build)', () => {
  let app: ElectronApplication | undefined;
  let window: Page;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'dist', 'main', 'main.js'))) throw new Error('dist/main/main.js is missing: run `npm run build` first');
    dataDir = makeDataDir();
    const db = openDataDirDatabase(dataDir);
    try {
      await userAdminFor(db).addUser({ username: USER.username, role: 'cashier', displayName: USER.displayName, password: USER.password });
    } finally {
      db.close();
    }
    // Chromium refuses to run as root with its sandbox (containers, CI).
    const rootFlags = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
    app = await _electron.launch({
      executablePath: electronExecutable(ELECTRON_DIST ?? ''),
      args: [...rootFlags, REPO_ROOT],
      env: { ...process.env, TILLBASE_DATA_DIR: dataDir, TILLBASE_SECRET_STORE: 'file', TILLBASE_DEMO: 'false', TILLBASE_LOG_LEVEL: 'warn' },
      timeout: WAIT_MS,
    });
    window = await app.firstWindow({ timeout: WAIT_MS });
    window.setDefaultTimeout(WAIT_MS);
  });

  afterAll(async () => {
    // Closing the app goes through before-quit, which closes the server and its database.
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the window on the embedded server with the login screen', async () => {
    await window.locator('#login-form').waitFor();
    expect(await window.title()).toBe('Tillbase');
    expect(new URL(window.url()).hostname).toBe('127.0.0.1');
    expect(new URL(window.url()).pathname).toBe('/app/');
  });

  it('gives the page the session bridge and no Node', async () => {
    expect(await window.evaluate('typeof window.tillbase.session.login')).toBe('function');
    expect(await window.evaluate('typeof window.tillbase.print')).toBe('function');
    expect(await window.evaluate('typeof require')).toBe('undefined');
    expect(await window.evaluate('typeof process')).toBe('undefined');
  });

  it('logs a user in and keeps the refresh token in the main process, not in the page', async () => {
    await window.locator('#login-username').fill(USER.username);
    await window.locator('#login-password').fill(USER.password);
    await window.locator('#login-submit').click();
    await window.locator('#user-name', { hasText: USER.displayName }).waitFor();
    expect(((await window.locator('#user-role').textContent()) ?? '').trim()).toBe('Cashier');

    const profiles = await window.evaluate<Array<{ username: string }>>('window.tillbase.session.profiles()');
    expect(profiles.map((profile) => profile.username)).toEqual([USER.username]);
    // Main keeps the refresh token: nothing in the page's storage names one.
    expect(await window.evaluate('JSON.stringify({ ...sessionStorage, ...localStorage })')).not.toContain('refresh');
  });
});
