/**
 * What was left of issue 33 at the till, in real Chromium against a real server with the demo
 * catalogue: a tile tapped while the last sale's receipt shows starts the next sale with that item.
 */
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, searchFor, serverOrder, token as tokenOf } from '../helpers/counter.js';
import { api, type TestServer } from '../helpers/server.js';
import { gridReady, logIn, openTill, screenshot, useHarness } from '../helpers/till-page.js';

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
