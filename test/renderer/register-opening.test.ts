/**
 * Issue 33's opening of the day at the till, in real Chromium against a real server with the demo
 * catalogue and `require_open_session` on: the Sell screen says the register is closed and takes the
 * float there; a payment refused for a closed register takes the float in place and then goes
 * through as the cashier typed it; keys reach the drawer and return to selling.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addByTile, product, searchFor, token as tokenOf } from '../helpers/counter.js';
import { api } from '../helpers/server.js';
import { docsScreenshot, gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true }, async ({ server: shop }) => {
  const admin = await tokenOf(shop, 'administrator');
  expect((await api(shop, 'PATCH', '/stores/1', { token: admin, body: { require_open_session: true } })).status).toBe(200);
});

async function register(): Promise<{ id: number; session: unknown }> {
  return (await api(server, 'GET', '/registers', { token: await tokenOf(server, 'administrator') })).body[0];
}

async function closeRegister(): Promise<void> {
  const { id, session } = await register();
  if (session === null) return;
  const closed = await api(server, 'POST', `/registers/${id}/close`, {
    token: await tokenOf(server, 'administrator'),
    body: { counted_cash: '0.00', note: '' },
  });
  expect(closed.status).toBe(200);
}

const focusedId = (page: Page): Promise<string> => page.evaluate(() => (globalThis as any).document.activeElement?.id ?? '');

describe('the opening of the day', () => {
  it('says on the Sell screen that the register is closed and opens it there: the float field focused, the currency shown', async () => {
    await closeRegister();
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    const opening = page.getByRole('form', { name: 'Open the register' });
    await opening.waitFor();
    expect(await opening.textContent()).toContain('The register is closed');
    expect(await opening.locator('.currency').textContent()).toBe('$');
    expect(await focusedId(page)).toBe('counter-float');
    await docsScreenshot(page, 'opening-of-the-day');
    // Typed into the focused field (fill: no burst of keys for the scanner's wedge to take), then Enter.
    await page.locator('#counter-float').fill('20.00');
    await page.keyboard.press('Enter');
    await opening.waitFor({ state: 'detached' });
    const { id } = await register();
    const session = (await api(server, 'GET', `/registers/${id}/session`, { token: await tokenOf(server, 'administrator') })).body;
    expect(session.drawer.opening_float).toBe('20.00');
    expect(pageErrors).toEqual([]);
  });

  it('takes the float in place when a payment is refused for a closed register, then finishes the payment as typed', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Baguette');
    await addByTile(page, 'Baguette');
    // Another till closes the register while this sale is rung up.
    await closeRegister();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByLabel('Cash tendered').fill('50.00');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    const opening = dialog.getByRole('form', { name: 'Open the register' });
    await opening.waitFor();
    expect(await dialog.textContent()).toContain('The register is not open');
    expect(await dialog.textContent()).not.toContain('code:');
    expect(await dialog.textContent()).not.toContain('POST /registers');
    expect(await focusedId(page)).toBe('payment-float');
    await page.locator('#payment-float').fill('10.00');
    await page.keyboard.press('Enter');
    await page.locator('#change-due').waitFor();
    const baguette = await product(server, 'Baguette');
    const change = (5000 - Math.round(Number(baguette.price) * 100)) / 100;
    expect(await page.locator('#change-due strong').textContent()).toBe(`$${change.toFixed(2)}`);
    expect(pageErrors).toEqual([]);
  });

  it('reaches the drawer by a key, its float field focused when closed, and returns to selling by a key', async () => {
    await closeRegister();
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await page.keyboard.press('F10');
    await page.locator('#drawer-open').waitFor();
    await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'opening-float');
    await page.keyboard.press('F1');
    await gridReady(page);
    expect(await page.locator('#nav-sell').getAttribute('aria-current')).toBe('page');
    expect(pageErrors).toEqual([]);
  });
});
