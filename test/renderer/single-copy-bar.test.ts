import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatusAnswer } from '../../shared/resources/sync.js';
import { api } from '../helpers/server.js';
import { closeTills, restartTill, sellCoffee, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';
import { waitFor } from '../helpers/sync.js';
import { logIn, openTill, screenshot, startHarness, stopHarness, type TillHarness } from '../helpers/till-page.js';

/*
 * The till's bar says when sales are on this till only: two paired tills with no WooCommerce,
 * the other one switched off, a sale made; the bar warns, and clears once the other till is back
 * and holds the sale.
 */
describe('the bar of a till whose sales no other till holds', () => {
  let harness: TillHarness;
  let tills: TestTill[] = [];

  beforeAll(async () => {
    harness = await startHarness([]);
    ({ tills } = await startTills(['Till A', 'Till B']));
  }, 60_000);

  afterAll(async () => {
    await closeTills(tills);
    await stopHarness(harness);
  });

  it('warns “on this till only” with the sales and their amount, and clears when the other till holds them', async () => {
    const [a, b] = tills as [TestTill, TestTill];
    await stopTill(b);
    const singleCopy = async () => (await api<SyncStatusAnswer>(a.server, 'GET', '/sync/status', { token: a.cashier })).body.single_copy;
    await waitFor(
      'B not answering at A',
      async () =>
        (await api<SyncStatusAnswer>(a.server, 'GET', '/sync/status', { token: a.cashier })).body.peers.every((peer) => !peer.reachable) ? true : undefined,
      15_000,
    );
    const sale = await sellCoffee(a);
    expect(sale.copies).toBe('this-till-only');
    expect((await singleCopy())?.sales).toBe(1);

    expect((await api(a.server, 'POST', '/registers/1/open', { token: a.cashier, body: { opening_float: '50.00' } })).status).toBe(201);

    const { page, pageErrors } = await openTill(harness, a.server, { query: '?sync-poll=1' });
    await logIn(page, a.server, 'shop_manager');
    const bar = page.locator('#sync-bar[data-tone="warning"] #sync-bar-text');
    await bar.filter({ hasText: /^1 sale \(.+\) on this till only: no other till holds it yet$/ }).waitFor();
    expect(await bar.textContent()).toContain(sale.total);
    await screenshot(page, 'single-copy-bar');
    // The drawer's X report counts it too.
    await page.locator('#nav-drawer').click();
    await page.locator('#x-single-copy', { hasText: sale.total }).waitFor();
    expect(await page.locator('#x-single-copy').textContent()).toMatch(/^1 \(.+\)$/);
    await page.locator('#nav-sell').click();

    await restartTill(b);
    await waitFor('the sale held by B', async () => ((await singleCopy())?.sales === 0 ? true : undefined), 20_000);
    // No WooCommerce and nothing on this till only: the bar has nothing to say.
    await page.locator('#sync-bar').waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
