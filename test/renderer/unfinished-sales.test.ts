/**
 * Issue 33: nothing rung up is lost to a session's end, in real Chromium against a real server with
 * the demo catalogue. The cart open when the session ended comes back after the next login; the
 * cashier's unfinished (pending) sales are listed with the parked ones, to resume or void.
 */
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, product, searchFor, serverOrder, token as tokenOf } from '../helpers/counter.js';
import { api } from '../helpers/server.js';
import { gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

describe('a sale in progress when the session ends', () => {
  it('comes back as the cart after the next login', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    const lastRead = page.waitForResponse((response) => response.url().includes('/exchange-credit'));
    const cashier = await logIn(page, server, 'cashier');
    await gridReady(page);
    await lastRead;
    await searchFor(page, 'Baguette');
    await addByTile(page, 'Baguette');
    const orderId = await cartOrderId(page);
    expect((await api(server, 'POST', '/auth/logout', { token: cashier.access_token })).body).toEqual({ revoked: true });
    await page.locator('#nav-history').click();
    await page.locator('#login-form').waitFor();
    await logIn(page, server, 'cashier');
    const cart = page.getByRole('region', { name: 'Cart' });
    await cart.getByText('Baguette').waitFor();
    expect(await cartOrderId(page)).toBe(orderId);
    expect(pageErrors).toEqual([]);
  });

  it('lists the cashier’s unfinished sales with the parked ones, to resume or void', async () => {
    const cashier = await tokenOf(server, 'cashier');
    const baguette = await product(server, 'Baguette');
    const water = await product(server, 'Still Water 500ml');
    const lost = (await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: baguette.id }] } })).body;
    const other = (await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: water.id }] } })).body;
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('button', { name: 'Parked orders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Parked orders' });
    await dialog.getByRole('button', { name: `Resume order ${lost.number}` }).waitFor();
    await dialog.getByRole('button', { name: `Void order ${other.number}` }).click();
    await dialog.getByRole('button', { name: `Resume order ${other.number}` }).waitFor({ state: 'detached' });
    expect((await serverOrder(server, other.id)).status).toBe('cancelled');
    await dialog.getByRole('button', { name: `Resume order ${lost.number}` }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cartOrderId(page)).toBe(lost.id);
    expect(pageErrors).toEqual([]);
  });
});
