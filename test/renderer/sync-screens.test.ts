/**
 * The till's sync screens (issue 23, item 7) in real Chromium against a real server pushing to the
 * WooCommerce double: a manager connects from the Sync screen; the bar every role sees goes from
 * synced to offline with what waits and back; the Orders history's badges say where each sale is;
 * the manager retries an entry, marks one handled, checks WooCommerce and disconnects.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manageScreenshot, openManage, serverAs } from '../helpers/manage-page.js';
import { connectionOf, outboxEntries, syncedEntry, Till, waitFor } from '../helpers/sync.js';
import { pausePushes } from '../helpers/sync-pull.js';
import { logIn, openTill, screenshot, useHarness, WAIT_MS } from '../helpers/till-page.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';

let double: WooCommerceDouble;
let till: Till;
let product: { local: number; woo: number };

const { harness, server } = useHarness({ catalogue: false, secretStore: 'file' }, async (fixture) => {
  double = await startWooCommerceDouble();
  fixture.harness.cleanups.push(() => double.close());
  till = await Till.open(fixture.server);
  // Made before the connection: afterwards WooCommerce keeps the catalogue and the till may not add products.
  product = await till.product(double, 'SYNC-UI-1', '3.00', 100);
});

/** The Sync screen and the bar ask every second here, so that a change shows within the waits. */
const FAST_POLL = '?sync-poll=1';
const SLOW_WAIT = { timeout: 3 * WAIT_MS };

// Each test waits for the server's push and the page's polls several times: room for a loaded machine.
describe('the sync screens of the till', { timeout: 120_000 }, () => {
  it('shows no bar while the till is not connected; a manager connects from the Sync screen after a refused secret', async () => {
    const cashier = await openTill(harness, server, { query: FAST_POLL });
    await Promise.all([cashier.page.waitForResponse((r) => r.url().endsWith('/pos/v1/sync/status')), logIn(cashier.page, server, 'cashier')]);
    await cashier.page.waitForResponse((r) => r.url().endsWith('/pos/v1/sync/status'));
    expect(await cashier.page.locator('#sync-bar').count()).toBe(0);

    const { page, pageErrors } = await openTill(harness, server, { query: FAST_POLL });
    await openManage(page, server, 'shop_manager', 'Sync');
    await page.getByLabel('Shop address').fill(double.url);
    await page.getByLabel('Consumer key').fill(double.key.consumerKey);
    await page.getByLabel('Consumer secret').fill('cs_not_the_secret');
    await page.locator('#sync-connect-submit').click();
    await page.locator('#sync-connect-refused', { hasText: /consumer secret/ }).waitFor(SLOW_WAIT);
    expect(await page.locator('#sync-connect-refused').textContent()).toMatch(/The till is not connected\.$/);
    expect((await serverAs(server, 'shop_manager', 'GET', '/sync/status')).body.connected).toBe(false);

    await page.getByLabel('Consumer secret').fill(double.key.consumerSecret);
    await page.locator('#sync-connect-submit').click();
    await page.locator('#sync-connection', { hasText: `Connected to ${double.url} since` }).waitFor(SLOW_WAIT);
    expect((await serverAs(server, 'shop_manager', 'GET', '/sync/status')).body.connection.url).toBe(double.url);
    await page.locator('#sync-bar-text', { hasText: /^Synced \d{2}:\d{2}$/ }).waitFor(SLOW_WAIT);
    expect(await page.locator('body').textContent()).not.toContain(double.key.consumerSecret);
    await manageScreenshot(page, 'sync-connected');
    expect(pageErrors).toEqual([]);
  });

  it('shows the cashier the bar go offline with the sale waiting and back, the badges of the Orders history, and no Sync tab', async () => {
    const { page, pageErrors } = await openTill(harness, server, { query: FAST_POLL });
    await logIn(page, server, 'cashier');
    await page.locator('#sync-bar-text', { hasText: /^Synced \d{2}:\d{2}$/ }).waitFor(SLOW_WAIT);

    await double.goOffline();
    const waiting = await till.sell(product.local, 1);
    await page
      .locator('#sync-bar-text', { hasText: /^Offline since \d{2}:\d{2} · 1 sale \(\D*3\.00\D*\) waiting, the oldest for \d+ (s|min)$/ })
      .waitFor(SLOW_WAIT);
    expect(await page.locator('#sync-bar').getAttribute('data-tone')).toBe('warning');
    await screenshot(page, 'sync-bar-offline');
    await double.comeOnline();
    const synced = await syncedEntry(server, waiting.orderId);
    await page.locator('#sync-bar-text', { hasText: /^Synced \d{2}:\d{2}$/ }).waitFor(SLOW_WAIT);

    // A refund WooCommerce refuses: the web shop refunded the order already (§5.3).
    const refused = await till.sell(product.local, 1);
    const refusedSale = await syncedEntry(server, refused.orderId);
    double.shop.createRefund(refusedSale.woo_id ?? 0, { amount: '3.00', api_refund: false });
    await till.call('cashier', 'POST', `/orders/${refused.orderId}/refunds`, { api_restock: false, line_items: [{ id: refused.lineId, quantity: 1 }] });
    const rejected = await waitFor('the refund to be rejected', () =>
      outboxEntries(server).find((e) => e.kind === 'refund' && e.order_id === refused.orderId && e.state === 'rejected'),
    );

    await page.locator('#nav-history').click();
    const badgeOf = (orderId: number) => page.locator(`#history-table [data-order-sync="${orderId}"]`);
    await badgeOf(waiting.orderId)
      .locator('.sync-badge', { hasText: `In WooCommerce #${synced.woo_id ?? 0}` })
      .waitFor(SLOW_WAIT);
    await badgeOf(refused.orderId).locator('.sync-badge', { hasText: 'Needs attention' }).waitFor(SLOW_WAIT);
    expect(rejected.last_error_message).toBeTruthy();
    expect(await badgeOf(refused.orderId).locator('.sync-reason').textContent()).toBe(rejected.last_error_message);
    await page.locator('#sync-bar-text', { hasText: /^Synced \d{2}:\d{2} · 1 needs a manager’s attention$/ }).waitFor(SLOW_WAIT);
    await screenshot(page, 'sync-history-badges');

    expect(await page.locator('#nav-settings').count()).toBe(0);
    expect(await page.locator('#manage-tab-sync').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows every role a sending paused because WooCommerce refused the key, until a manager tries the saved key again or connects with a new one', async () => {
    const cashier = await openTill(harness, server, { query: FAST_POLL });
    await logIn(cashier.page, server, 'cashier');
    await cashier.page.locator('#sync-bar-text', { hasText: /^Synced / }).waitFor(SLOW_WAIT);
    // The key was revoked in the shop: WooCommerce answers 401 to the next sale sent.
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'unauthorized' } });
    const held = await till.sell(product.local, 1);
    await cashier.page
      .locator('#sync-bar-text', {
        hasText: /^Sending to WooCommerce is paused: WooCommerce refused the till’s key, a manager must connect again · 1 sale \(\D*3\.00\D*\) waiting/,
      })
      .waitFor(SLOW_WAIT);
    expect(await cashier.page.locator('#sync-bar-text').textContent()).not.toContain('woocommerce_rest');

    const { page, pageErrors } = await openTill(harness, server, { query: FAST_POLL });
    await openManage(page, server, 'shop_manager', 'Sync');
    await page.locator('#sync-connection', { hasText: 'Sending is paused: WooCommerce refused the key (Consumer key is invalid.)' }).waitFor(SLOW_WAIT);
    await page.getByRole('heading', { name: 'Connect again with a new key' }).waitFor();

    // The saved key, still refused: the server's reason, and nothing goes up.
    double.inject({ method: 'GET', route: /^products$/, fault: { kind: 'unauthorized' } });
    await page.getByRole('button', { name: 'Try the saved key again' }).click();
    await page.locator('#sync-resume-refused', { hasText: /^WooCommerce does not know this consumer key.* Sending is still paused\.$/ }).waitFor(SLOW_WAIT);
    expect(connectionOf(server)?.state).toBe('paused');
    expect((await page.locator('#sync-resume-submit').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    // Taken again by the shop: the held sale goes up, and the way out of the pause goes.
    await page.getByRole('button', { name: 'Try the saved key again' }).click();
    await syncedEntry(server, held.orderId);
    await cashier.page.locator('#sync-bar-text', { hasText: /^Synced \d{2}:\d{2} · 1 needs a manager’s attention$/ }).waitFor(SLOW_WAIT);
    await page.locator('#sync-resume').waitFor({ state: 'detached', ...SLOW_WAIT });
    expect(await page.locator('#sync-connect').count()).toBe(0);

    // Paused again: a new key through the form beside it.
    pausePushes(server);
    await page.getByRole('heading', { name: 'Connect again with a new key' }).waitFor(SLOW_WAIT);
    await page.getByLabel('Shop address').fill(double.url);
    await page.getByLabel('Consumer key').fill(double.key.consumerKey);
    await page.getByLabel('Consumer secret').fill(double.key.consumerSecret);
    await page.locator('#sync-connect-submit').click();
    await page.locator('#sync-connect').waitFor({ state: 'detached', ...SLOW_WAIT });
    expect(connectionOf(server)?.state).toBe('active');
    expect(await page.locator('#sync-resume').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('lets the manager retry an entry, check WooCommerce, mark the entry handled and disconnect after saving what is unsent', async () => {
    const refund = outboxEntries(server).find((e) => e.kind === 'refund' && e.state === 'rejected');
    expect(refund).toBeDefined();
    const { page, pageErrors } = await openTill(harness, server, { query: FAST_POLL, viewport: { width: 1024, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Sync');
    await page.locator('#sync-outbox-state').selectOption('rejected');
    const row = page.locator(`#sync-outbox tr[data-entry="${refund?.id ?? 0}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: /^Try again/ }).click();
    await waitFor('the retried refund to be refused again', () => {
      const entry = outboxEntries(server).find((e) => e.id === refund?.id);
      return entry?.state === 'rejected' && entry.attempts === 2 ? true : undefined;
    });
    await row.locator('td.numeric', { hasText: '2' }).waitFor(SLOW_WAIT);

    // A sale synced after the refund puts the refund among what the check looks for.
    await syncedEntry(server, (await till.sell(product.local, 1)).orderId);
    await page.locator('#sync-verify').click();
    await page.locator('#sync-proof li').first().waitFor(SLOW_WAIT);
    const proof = (await serverAs(server, 'shop_manager', 'POST', '/sync/verify')).body;
    expect(await page.locator('#sync-proof li').allTextContents()).toEqual(proof.lines);
    expect(proof.lines[0]).toMatch(/^register \d+ up to sequence \d+: 4 of 4 sales and 0 of 1 refund are in WooCommerce as the till made them, 1 is wrong/);
    await manageScreenshot(page, 'sync');

    await row.getByRole('button', { name: /^Mark handled/ }).click();
    await waitFor('the refund to be marked handled', () => (outboxEntries(server).find((e) => e.id === refund?.id)?.state === 'handled' ? true : undefined));

    // Eight more sales make thirteen entries in all: two pages of ten, newest first.
    const more = [];
    for (let sale = 0; sale < 8; sale++) more.push(await till.sell(product.local, 1));
    for (const sale of more) await syncedEntry(server, sale.orderId);
    await page.locator('#sync-outbox-state').selectOption('');
    await page.locator('#sync-outbox-page', { hasText: 'Page 1 of 2' }).waitFor(SLOW_WAIT);
    // The list answers after the page count (which comes from the polled status): wait for it.
    await page.locator('#sync-outbox tbody tr').nth(9).waitFor(SLOW_WAIT);
    expect(await page.locator('#sync-outbox tbody tr').count()).toBe(10);
    await page.getByRole('button', { name: 'Older' }).click();
    await page.locator('#sync-outbox-page', { hasText: 'Page 2 of 2' }).waitFor();
    const oldest = outboxEntries(server).slice(0, 3).reverse();
    await page.locator(`#sync-outbox tbody tr[data-entry="${oldest[2]?.id ?? 0}"]`).waitFor();
    expect(await page.locator('#sync-outbox tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-entry'))))).toEqual(
      oldest.map((entry) => entry.id),
    );

    // Disconnecting is refused while a sale is unsent; saving it to a file first lets it go.
    await double.goOffline();
    const unsent = await till.sell(product.local, 1);
    await page.locator('#sync-disconnect').click();
    await page.locator('#sync-unsent', { hasText: '1 entry has not reached WooCommerce' }).waitFor(SLOW_WAIT);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#sync-disconnect-force').click()]);
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as Array<{ order_id: number; state: string }>;
    expect(saved.map((entry) => entry.order_id)).toEqual([unsent.orderId]);
    await page.locator('#sync-connect').waitFor(SLOW_WAIT);
    expect((await serverAs(server, 'shop_manager', 'GET', '/sync/status')).body.connected).toBe(false);
    await double.comeOnline();
    expect(pageErrors).toEqual([]);
  });
});
