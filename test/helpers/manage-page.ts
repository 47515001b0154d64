/**
 * Shared steps of the managers' screen tests: open the managers' area on a tab, read what the
 * server holds with a token of its own (never the page's), and keep a screenshot.
 */
import type { Page } from 'playwright-core';
import type { RoleName } from '../../shared/access.js';
import { api, login, type TestServer } from './server.js';
import { logIn, screenshot } from './till-page.js';

/** Logs in through the form and opens the managers' area on the tab named `tab`. */
export async function openManage(page: Page, server: TestServer, role: RoleName, tab: string): Promise<void> {
  await logIn(page, server, role);
  await page.locator('#nav-settings').click();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.locator(`#manage-panel[aria-labelledby="${(await page.getByRole('tab', { name: tab, exact: true }).getAttribute('id')) ?? ''}"]`).waitFor();
}

/** A request as `role` with its own login: what the server holds now, not what the page shows. */
export async function serverAs(server: TestServer, role: RoleName, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const { access_token } = await login(server, role);
  const response = await api(server, method, path, { token: access_token, body });
  return { status: response.status, body: response.body };
}

/** Waits for the till's green note that a save went through. */
export async function saved(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('#status.status-info #status-message', { hasText: text }).waitFor();
}

/** A screenshot of the run, test-results/screenshots/manage-NAME.png (the README's copies are in docs/screenshots). */
export async function manageScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, `manage-${name}`);
}
