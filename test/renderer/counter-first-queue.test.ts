/**
 * What was left of issue 33 at the till, in real Chromium against a real server with the demo
 * catalogue: a tile tapped while the last sale's receipt shows starts the next sale with that item;
 * a manager's setting has the till ask for the float right after the first login of the day.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, searchFor, serverOrder, token as tokenOf } from '../helpers/counter.js';
import { api, type TestServer } from '../helpers/server.js';
import { docsScreenshot, gridReady, logIn, openTill, screenshot, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

async function firstRegister(shop: TestServer): Promise<{ id: number; session: unknown }> {
  return (await api(shop, 'GET', '/registers', { token: await tokenOf(shop, 'administrator') })).body[0];
}

async function setRegisterOpen(shop: TestServer, open: boolean): Promise<void> {
  const admin = await tokenOf(shop, 'administrator');
  const { id, session } = await firstRegister(shop);
  if (open === (session !== null)) return;
  const answer = open
    ? await api(shop, 'POST', `/registers/${id}/open`, { token: admin, body: { opening_float: '0.00', note: '' } })
    : await api(shop, 'POST', `/registers/${id}/close`, { token: admin, body: { counted_cash: '0.00', note: '' } });
  expect([200, 201]).toContain(answer.status);
}

async function askForFloat(shop: TestServer, on: boolean): Promise<void> {
  const manager = await tokenOf(shop, 'shop_manager');
  const saved = await api(shop, 'POST', '/settings/general', { token: manager, body: { ask_float_at_first_login: on } });
  expect(saved.status).toBe(200);
}

/** Runs `steps` on a closed register with the manager's setting on, and turns the setting off after. */
async function withFloatAsked(steps: () => Promise<void>): Promise<void> {
  await setRegisterOpen(server, false);
  await askForFloat(server, true);
  try {
    await steps();
  } finally {
    await askForFloat(server, false);
  }
}

const focusedId = (page: Page): Promise<string> => page.evaluate(() => (globalThis as any).document.activeElement?.id ?? '');

describe('the next customer after a receipt', () => {
  it('starts the next sale with the tile tapped while the receipt shows, without "New sale" first', async () => {
    await setRegisterOpen(server, true);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Baguette');
    await addByTile(page, 'Baguette');
    const firstSale = await cartOrderId(page);
    await page.locator('#quick-cash').click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt.locator('#change-due').waitFor();
    expect((await serverOrder(server, firstSale)).status).toBe('completed');
    await screenshot(page, 'receipt-beside-tiles');

    // The next customer wants a baguette too: its tile, still in sight beside the receipt.
    await addByTile(page, 'Baguette');
    await receipt.waitFor({ state: 'detached' });
    await page.locator('.cart-line-name', { hasText: 'Baguette' }).waitFor();
    const nextSale = await cartOrderId(page);
    expect(nextSale).not.toBe(firstSale);
    const next = await serverOrder(server, nextSale);
    expect([next.status, next.line_items.map((line: { name: string }) => line.name)]).toEqual(['pending', ['Baguette']]);
    expect((await serverOrder(server, firstSale)).line_items).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });
});

describe('the float asked for at the first login of the day', () => {
  it('shows the float form before the Sell screen when the manager asks for it and the register is closed, once a day', async () => {
    await withFloatAsked(async () => {
      const { page, pageErrors } = await openTill(harness, server);
      await logIn(page, server, 'cashier');
      const opening = page.getByRole('form', { name: 'Open the register' });
      await opening.waitFor();
      expect(await page.locator('#opening-of-day').isVisible()).toBe(true);
      expect(await page.locator('#products-view').count()).toBe(0);
      expect(await opening.locator('.currency').textContent()).toBe('$');
      await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'day-float');
      await docsScreenshot(page, 'opening-at-first-login');
      await page.locator('#day-float').fill('25.00');
      await page.keyboard.press('Enter');
      await gridReady(page);
      expect(await page.locator('#opening-of-day').count()).toBe(0);
      const { id } = await firstRegister(server);
      const session = (await api(server, 'GET', `/registers/${id}/session`, { token: await tokenOf(server, 'administrator') })).body;
      expect(session.drawer.opening_float).toBe('25.00');

      // Closed again the same day: the next login on this till goes straight to selling.
      await setRegisterOpen(server, false);
      await page.locator('#log-out').click();
      await page.locator('#login-form').waitFor();
      await logIn(page, server, 'cashier');
      await gridReady(page);
      expect(await page.locator('#opening-of-day').count()).toBe(0);
      expect(await focusedId(page)).not.toBe('day-float');
      expect(pageErrors).toEqual([]);
    });
  });

  it('goes straight to selling when the setting is off', async () => {
    await setRegisterOpen(server, false);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    expect(await page.locator('#opening-of-day').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('lets the cashier go on to the Sell screen without opening', async () => {
    await withFloatAsked(async () => {
      const { page, pageErrors } = await openTill(harness, server);
      await logIn(page, server, 'cashier');
      await page.locator('#opening-of-day').waitFor();
      await page.getByRole('button', { name: 'Not now' }).click();
      await gridReady(page);
      expect((await firstRegister(server)).session).toBeNull();
      expect(pageErrors).toEqual([]);
    });
  });
});
