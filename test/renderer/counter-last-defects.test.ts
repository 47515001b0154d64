/**
 * The last of issue 25's small counter defects (item 8), in real Chromium against real servers: the
 * lock asks a user for what they have (a password when they have no PIN), a cashier without an
 * e-mail sells as themselves when the cashier is the default customer, the demo register starts
 * closed so the first cashier opens it with a float, and the X and Z reports show dates in words.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, searchFor, serverOrder as serverOrderOf, token as tokenOf } from '../helpers/counter.js';
import { serve } from '../helpers/cli.js';
import { openManage } from '../helpers/manage-page.js';
import { api, makeDataDir } from '../helpers/server.js';
import { gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

const token = (role: 'cashier' | 'shop_manager' | 'administrator'): Promise<string> => tokenOf(server, role);

/** An ISO date-time as the server answers it ("2026-11-27T10:31"), which a shop's screen must not show. */
const RAW_DATE = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** "27 Nov 2026, 10:31". */
const WORDED_DATE = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}\b/;

describe('the last small counter defects of issue 25', () => {
  it('locks a user without a PIN behind their password, and one who logged in with their PIN behind the PIN', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#lock-till').click();
    await page.locator('#lock-view').waitFor();
    expect(await page.locator('#unlock-pin').count()).toBe(0);
    await page.locator('#unlock-password').fill(server.users.cashier.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('#session-bar').waitFor();

    const manager = server.users.shop_manager;
    const set = await api(server, 'POST', '/auth/pin', { token: await token('shop_manager'), body: { pin: '2468', current_password: manager.password } });
    expect(set.status).toBe(200);
    await page.locator('#log-out').click();
    await page.locator('#login-username').fill(manager.username);
    await page.getByRole('button', { name: 'Use PIN instead' }).click();
    await page.locator('#login-pin').fill('2468');
    await page.locator('#login-submit').click();
    await page.locator('#session-bar').waitFor();
    await page.locator('#lock-till').click();
    await page.locator('#unlock-pin').fill('2468');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('#session-bar').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('sells as the cashier, by name, when the cashier is the default customer and has no e-mail', async () => {
    const admin = await token('administrator');
    const created = await api(server, 'POST', '/users', {
      token: admin,
      body: { username: 'sam.noemail', password: 'a long till password 7', role: 'cashier', display_name: 'Sam Till' },
    });
    expect([created.status, created.body.email ?? '']).toEqual([201, '']);
    const manager = await token('shop_manager');
    expect((await api(server, 'POST', '/settings/general', { token: manager, body: { default_customer_is_cashier: true } })).status).toBe(200);
    try {
      const { page, pageErrors } = await openTill(harness, server);
      await page.locator('#login-username').fill('sam.noemail');
      await page.locator('#login-password').fill('a long till password 7');
      await page.locator('#login-submit').click();
      await gridReady(page);
      await searchFor(page, 'Baguette');
      await addByTile(page, 'Baguette');
      await page.getByRole('button', { name: 'Customer: Sam Till' }).waitFor();
      const order = await serverOrderOf(server, await cartOrderId(page));
      expect([order.customer_id, order.billing.first_name, order.billing.last_name]).toEqual([0, 'Sam', 'Till']);
      expect(pageErrors).toEqual([]);
    } finally {
      await api(server, 'POST', '/settings/general', { token: manager, body: { default_customer_is_cashier: false } });
    }
  });

  it('shows the X report’s and the Z report’s dates in words, not as the server’s ISO dates', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#nav-drawer').click();
    await page.locator('#drawer-open').waitFor();
    await page.getByLabel('Opening float').fill('50.00');
    await page.getByRole('button', { name: 'Open register', exact: true }).click();
    const opened = await page.locator('#x-report').innerText();
    expect(opened).toMatch(WORDED_DATE);
    expect(opened).not.toMatch(RAW_DATE);
    await page.getByLabel('Counted cash').fill('50.00');
    await page.getByRole('button', { name: 'Close register', exact: true }).click();
    const z = page.locator('#z-report');
    await z.getByText('Z REPORT', { exact: false }).first().waitFor();
    // The report is the server's HTML, shown in its own shadow root: locators look inside it.
    await z.getByText(WORDED_DATE).first().waitFor();
    expect(await z.getByText(RAW_DATE).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('names the receipt page’s settings in a manager’s words, not WordPress’s hooks', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Settings');
    await page.getByRole('group', { name: 'Settings groups' }).getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('form', { name: 'Checkout settings' });
    await checkout.getByLabel('Leave the theme’s page head out of the receipt page').waitFor();
    expect((await checkout.textContent()) ?? '').not.toMatch(/hooks|wp_/i);
    expect(pageErrors).toEqual([]);
  });

  it('starts the demo store with its register closed, so the first cashier opens it with a float', async () => {
    const dataDir = makeDataDir();
    const demo = await serve(['--data-dir', dataDir, '--port', '0', '--demo', '--secret-store', 'file', '--log-level', 'error']);
    try {
      const origin = new URL(demo.apiUrl).origin;
      const credentials = readFileSync(join(dataDir, 'first-run-credentials.txt'), 'utf8');
      const password = /^cashier\s+\S+\s+(\S+)$/m.exec(credentials)?.[1] ?? '';
      const context = await harness.browser.newContext({ viewport: { width: 1024, height: 768 } });
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/app/`);
        await page.locator('#login-username').fill('cashier');
        await page.locator('#login-password').fill(password);
        await page.locator('#login-submit').click();
        await page.locator('#session-bar').waitFor();
        await page.locator('#nav-drawer').click();
        await page.locator('#drawer-state', { hasText: 'closed' }).waitFor();
        await page.getByLabel('Opening float').fill('120.00');
        await page.getByRole('button', { name: 'Open register', exact: true }).click();
        await page.locator('#x-report').waitFor();
        expect(await page.locator('#x-report').innerText()).toContain('Opened by Cara Cashier');
      } finally {
        await context.close();
      }
    } finally {
      await demo.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A first start seeds the whole demo catalogue before it listens: slow on a loaded machine.
  }, 90_000);
});
