/**
 * Issue 25's small counter defects (item 8) at the till, in real Chromium against a real server
 * with the demo catalogue: the signed-in name and the categories out of sight at 1024×768; who
 * and how much in the audit trail; managers' words on the settings screens; a PIN usable from the
 * first login on a till; voiding a sale.
 */
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, product as productOf, searchFor, serverOrder as serverOrderOf, token as tokenOf } from '../helpers/counter.js';
import { openManage } from '../helpers/manage-page.js';
import { api } from '../helpers/server.js';
import { gridReady, logIn, openTill, screenshot, statusText, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

const token = (role: 'cashier' | 'shop_manager' | 'administrator'): Promise<string> => tokenOf(server, role);
const product = (name: string): Promise<{ id: number; price: string }> => productOf(server, name);
const serverOrder = (id: number): Promise<any> => serverOrderOf(server, id);

describe('the small counter defects of issue 25', () => {
  it('at 1024×768 keeps the signed-in name in sight and shows arrows to the categories out of sight', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1024, height: 768 } });
    await logIn(page, server, 'administrator');
    await gridReady(page);
    expect(await page.locator('#user-name').isVisible()).toBe(true);
    expect(await page.locator('#user-name').textContent()).not.toBe('');
    const topbar = await page.locator('.topbar').evaluate((bar) => ({ scroll: bar.scrollWidth, client: bar.clientWidth }));
    expect(topbar.scroll).toBeLessThanOrEqual(topbar.client);

    const strip = page.getByRole('group', { name: 'Categories' });
    const overflow = await strip.evaluate((row) => row.scrollWidth > row.clientWidth);
    // The demo shop has more categories than fit at this width: that is the case under test.
    expect(overflow).toBe(true);
    expect(await page.getByRole('button', { name: 'Earlier categories' }).count()).toBe(0);
    await page.getByRole('button', { name: 'More categories' }).click();
    await page.getByRole('button', { name: 'Earlier categories' }).waitFor();
    expect(await strip.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
    await screenshot(page, 'category-strip-1024');
    expect(pageErrors).toEqual([]);
  });

  it('shows who made a sale and for how much in the audit trail', async () => {
    const cashier = await token('cashier');
    const baguette = await product('Baguette');
    const sale = (await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: baguette.id, quantity: 2 }] } })).body;
    const paid = await api(server, 'POST', `/orders/${sale.id}/checkout`, {
      token: cashier,
      headers: { 'idempotency-key': `audit-words-${sale.id}` },
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    });
    expect(paid.status).toBe(200);
    const order = await serverOrder(sale.id);

    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'administrator', 'Logs');
    await page.locator('#logs-table[aria-busy="false"]').waitFor();
    await page.getByLabel('Source').selectOption('audit');
    await page.getByLabel('Action (e.g. user.create)').fill('order.sale');
    await page.getByRole('button', { name: 'Show entries' }).click();
    const row = page
      .locator('#logs-table[aria-busy="false"] tbody tr')
      .filter({ hasText: `by ${server.users.cashier.username}` })
      .filter({ hasText: `total ${order.total} · tax ${order.total_tax}` });
    await row.first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('speaks a manager’s words on the settings screens, not the settings’ keys', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Settings');
    const general = page.getByRole('form', { name: 'General settings' });
    await general.getByLabel('Barcode field').waitFor();
    const generalText = (await general.textContent()) ?? '';
    expect(generalText).toContain('Default customer');
    expect(generalText).not.toContain('0: guest');
    expect(generalText).not.toContain('_global_unique_id');
    await page.getByRole('group', { name: 'Settings groups' }).getByRole('button', { name: 'Checkout', exact: true }).click();
    const checkout = page.getByRole('form', { name: 'Checkout settings' });
    await checkout.getByLabel('Prevent overselling').waitFor();
    expect((await checkout.textContent()) ?? '').not.toMatch(/handles/i);
    expect(pageErrors).toEqual([]);
  });

  it('logs in with a PIN just set, on a till that has not seen the user before', async () => {
    const cashier = server.users.cashier;
    const set = await api(server, 'POST', '/auth/pin', { token: await token('cashier'), body: { pin: '5173', current_password: cashier.password } });
    expect(set.status).toBe(200);
    const { page, pageErrors } = await openTill(harness, server);
    expect(await page.locator('#profile-list').count()).toBe(0);
    await page.locator('#login-username').fill(cashier.username);
    await page.getByRole('button', { name: 'Use PIN instead' }).click();
    await page.locator('#login-pin').fill('5173');
    await page.locator('#login-submit').click();
    await page.locator('#session-bar').waitFor();
    expect(await page.locator('#user-name').textContent()).not.toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('voids a sale: asked first, then the order cancelled and the cart empty', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Baguette');
    await addByTile(page, 'Baguette');
    const orderId = await cartOrderId(page);
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Void the sale' });
    await dialog.getByRole('button', { name: 'Keep selling' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await serverOrder(orderId)).status).toBe('pending');
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await dialog.getByRole('button', { name: 'Void sale' }).click();
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    const order = await serverOrder(orderId);
    expect(order.status).toBe('cancelled');
    expect(await statusText(page)).toBe(`Sale ${order.number} is void: nothing was sold.`);
    expect(pageErrors).toEqual([]);
  });
});
