/**
 * Issue 25's counter defects 1-5 at the till, in real Chromium against a real server with the demo
 * catalogue: cash paid with the tendered amount left empty; decimal quantities, and a message for
 * one that is not a quantity; a search over the whole catalogue from any category; a line discount
 * in percent or amount off, recorded as a discount (subtotal kept) and counted in the X report;
 * stock on the tiles, and adding beyond stock refused (or warned about) in plain words. Every
 * figure checked is the server's.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, product as productOf, searchFor, serverOrder as serverOrderOf, token as tokenOf } from '../helpers/counter.js';
import { api } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, screenshot, statusText, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

const token = (role: 'cashier' | 'shop_manager' | 'administrator'): Promise<string> => tokenOf(server, role);
const product = (name: string): Promise<{ id: number; price: string }> => productOf(server, name);
const serverOrder = (id: number): Promise<any> => serverOrderOf(server, id);

async function setSettings(group: string, body: Record<string, unknown>): Promise<void> {
  expect((await api(server, 'POST', `/settings/${group}`, { token: await token('administrator'), body })).status).toBe(200);
}

async function setStock(name: string, stock: number): Promise<void> {
  const { id } = await product(name);
  const saved = await api(server, 'PUT', `/products/${id}`, { token: await token('shop_manager'), body: { manage_stock: true, stock_quantity: stock } });
  expect(saved.status).toBe(200);
}

/** Whole cents of a two-place server amount, for the test's own sums. */
function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Waits until the cart shows exactly `value` as the quantity of `name`. */
async function quantityShown(page: Page, name: string, value: string): Promise<void> {
  await page
    .locator(`.quantity[aria-label="Quantity of ${name}"]`)
    .filter({ hasText: new RegExp(`^${value.replace('.', '\\.')}$`) })
    .waitFor();
}

async function editLine(page: Page, name: string, fields: { quantity?: string; discount?: string; kind?: 'percent (%)' | 'amount off' }): Promise<void> {
  await page.getByRole('button', { name: `Change ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change ${name}` });
  if (fields.quantity !== undefined) await dialog.locator('#line-quantity').fill(fields.quantity);
  if (fields.discount !== undefined) await dialog.locator('#line-discount').fill(fields.discount);
  if (fields.kind !== undefined) await dialog.getByLabel(fields.kind).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
}

describe('the counter defects of issue 25', () => {
  it('takes cash with the tendered amount left empty as the exact amount, and the next sale starts without the last search', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Baguette');
    await addByTile(page, 'Baguette');
    const orderId = await cartOrderId(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    expect(await page.getByLabel('Cash tendered').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    expect(await page.locator('#change-due strong').textContent()).toBe('$0.00');
    const paid = await serverOrder(orderId);
    expect(paid.status).toBe('completed');
    const checkout = (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: await token('cashier') })).body;
    expect(checkout.payments.map((payment: any) => [payment.gateway_id, payment.amount, payment.tendered])).toEqual([['pos_cash', paid.total, paid.total]]);

    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    await page.locator('#products-view[aria-busy="false"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('');
    expect(await page.locator('#search-scope').count()).toBe(0);
    expect(await page.locator('#product-grid .tile').count()).toBeGreaterThan(1);
    expect(pageErrors).toEqual([]);
  });

  it('searches the whole catalogue from a category, says so, and keeps the search when All is tapped', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('button', { name: 'Bakery' }).click();
    await page.locator('#products-view[aria-busy="false"]').waitFor({ state: 'attached' });
    await searchFor(page, 'drip');
    await page.getByRole('button', { name: 'Drip Coffee', exact: true }).waitFor();
    expect(await page.locator('#search-scope').textContent()).toContain('“drip” in all categories');
    expect(await page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'search-all-categories');

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.locator('#products-view[aria-busy="false"]').waitFor({ state: 'attached' });
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('drip');
    await page.getByRole('button', { name: 'Drip Coffee', exact: true }).waitFor();
    // A category tapped after a search shows that category.
    await page.getByRole('button', { name: 'Bakery' }).click();
    await page.getByRole('button', { name: 'Baguette', exact: true }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('takes decimal quantities where the shop allows them, and says why a typed quantity is refused', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Baguette');
    await addByTile(page, 'Baguette');
    const orderId = await cartOrderId(page);
    const dialog = page.getByRole('dialog', { name: 'Change Baguette' });
    await editLine(page, 'Baguette', { quantity: '1.5' });
    await page.locator('#line-error', { hasText: 'Quantities are whole numbers in this shop' }).waitFor();
    await dialog.locator('#line-quantity').fill('abc');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#line-error', { hasText: '"abc" is not a quantity' }).waitFor();
    await dialog.locator('#line-quantity').fill('-1');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#line-error', { hasText: 'cannot be below zero' }).waitFor();
    expect((await serverOrder(orderId)).line_items[0].quantity).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await setSettings('general', { decimal_qty: true });
    try {
      const weighed = await openTill(harness, server);
      await logIn(weighed.page, server, 'cashier');
      await gridReady(weighed.page);
      await searchFor(weighed.page, 'Baguette');
      await addByTile(weighed.page, 'Baguette');
      const weighedId = await cartOrderId(weighed.page);
      await editLine(weighed.page, 'Baguette', { quantity: '1.5' });
      await weighed.page.getByRole('dialog', { name: 'Change Baguette' }).waitFor({ state: 'detached' });
      await cartSettled(weighed.page);
      const order = await serverOrder(weighedId);
      expect(order.line_items[0].quantity).toBe(1.5);
      await quantityShown(weighed.page, 'Baguette', '1.5');
      expect(await weighed.page.locator('#cart-total').textContent()).toBe(`$${order.total}`);
      expect(weighed.pageErrors).toEqual([]);
    } finally {
      await setSettings('general', { decimal_qty: false });
    }
    expect(pageErrors).toEqual([]);
  });

  it('records a line discount in percent or amount off as a discount: the subtotal kept, the X report counting it', async () => {
    const admin = await token('administrator');
    const [register] = (await api(server, 'GET', '/registers', { token: admin })).body;
    if (register.session === null) {
      const opened = await api(server, 'POST', `/registers/${register.id}/open`, { token: admin, body: { opening_float: '0.00', note: '' } });
      expect([200, 201]).toContain(opened.status);
    }
    const before = (await api(server, 'GET', `/registers/${register.id}/session`, { token: admin })).body;
    const water = await product('Still Water 500ml');
    expect(water.price).toBe('1.95');

    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Still Water');
    await addByTile(page, 'Still Water 500ml');
    await searchFor(page, 'Drip Coffee');
    await addByTile(page, 'Drip Coffee');
    const orderId = await cartOrderId(page);
    const undiscounted = await serverOrder(orderId);
    const coffeeSubtotal = undiscounted.line_items.find((line: any) => line.name === 'Drip Coffee').subtotal as string;

    await editLine(page, 'Still Water 500ml', { discount: '0.45', kind: 'amount off' });
    await page.getByRole('dialog', { name: 'Change Still Water 500ml' }).waitFor({ state: 'detached' });
    await cartSettled(page);
    await editLine(page, 'Drip Coffee', { discount: '10', kind: 'percent (%)' });
    await page.getByRole('dialog', { name: 'Change Drip Coffee' }).waitFor({ state: 'detached' });
    await cartSettled(page);
    await screenshot(page, 'line-discount');

    const order = await serverOrder(orderId);
    const waterLine = order.line_items.find((line: any) => line.name === 'Still Water 500ml');
    const coffeeLine = order.line_items.find((line: any) => line.name === 'Drip Coffee');
    expect([waterLine.subtotal, waterLine.total]).toEqual(['1.95', '1.50']);
    expect(coffeeLine.subtotal).toBe(coffeeSubtotal);
    // 10% of the coffee's subtotal, rounded half up to the cent.
    expect(cents(coffeeLine.total)).toBe(cents(coffeeSubtotal) - Math.round(cents(coffeeSubtotal) / 10));
    expect(cents(order.discount_total)).toBe(45 + cents(coffeeSubtotal) - cents(coffeeLine.total));
    expect(await page.locator('.cart-line', { hasText: 'Still Water 500ml' }).locator('s.was').textContent()).toBe('$1.95');

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    // The receipt (in its own shadow root) shows the price before the discount.
    await page.locator('#receipt-preview').getByText('1.95').first().waitFor();
    const after = (await api(server, 'GET', `/registers/${register.id}/session`, { token: admin })).body;
    // The X report counts discounts with their tax.
    expect(cents(after.sales.discounts) - cents(before.sales.discounts)).toBe(cents(order.discount_total) + cents(order.discount_tax));
    await page.getByRole('button', { name: 'New sale' }).click();
    // The X report on the drawer screen: the discounts, and how many receipts (not their first and last numbers).
    const manager = await openTill(harness, server);
    await logIn(manager.page, server, 'administrator');
    await manager.page.locator('#nav-drawer').click();
    await manager.page.locator('#x-report').waitFor();
    expect(await manager.page.locator('#x-discounts').textContent()).toBe(`$${after.sales.discounts}`);
    expect(await manager.page.locator('#x-receipts').textContent()).toBe(`${after.receipts.count}: No. ${after.receipts.first} to No. ${after.receipts.last}`);
    expect(pageErrors).toEqual([]);
    expect(manager.pageErrors).toEqual([]);
  });

  it('shows stock on the tiles and, with overselling prevented, refuses more than the stock in plain words', async () => {
    await setStock('Kombucha Ginger', 3);
    await setSettings('checkout', { prevent_overselling: true });
    try {
      const { page, pageErrors } = await openTill(harness, server);
      await logIn(page, server, 'cashier');
      await gridReady(page);
      await searchFor(page, 'Kombucha Ginger');
      const tile = page.getByRole('button', { name: 'Kombucha Ginger', exact: true });
      expect(await tile.locator('.tile-stock').textContent()).toBe('3 left');
      for (const count of ['1', '2', '3']) {
        await addByTile(page, 'Kombucha Ginger');
        await quantityShown(page, 'Kombucha Ginger', count);
      }
      const orderId = await cartOrderId(page);
      await tile.click();
      await page.locator('#status-message', { hasText: 'Only 3 Kombucha Ginger in stock: the sale cannot have 4.' }).waitFor();
      expect(await page.locator('#status-explanation').textContent()).toContain('sells only what it has in stock');
      expect((await serverOrder(orderId)).line_items[0].quantity).toBe(3);

      await searchFor(page, 'Apple Juice');
      const empty = page.getByRole('button', { name: 'Apple Juice 330ml', exact: true });
      expect(await empty.locator('.tile-stock').textContent()).toBe('Out of stock');
      expect(await empty.getAttribute('class')).toContain('tile-out');
      await screenshot(page, 'stock-tiles');
      await empty.click();
      await page.locator('#status-message', { hasText: 'Apple Juice 330ml is out of stock: the sale cannot have 1.' }).waitFor();
      expect((await serverOrder(orderId)).line_items).toHaveLength(1);

      // Stock sold elsewhere meanwhile: the payment is refused in the same plain words, no setting named.
      await setStock('Kombucha Ginger', 2);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByRole('button', { name: 'Complete payment' }).click();
      await page.locator('#payment-error', { hasText: 'Not enough stock of Kombucha Ginger: 2 in stock, 3 in this sale.' }).waitFor();
      expect(await page.locator('#payment-error').textContent()).not.toContain('prevent_overselling');
      expect((await serverOrder(orderId)).status).toBe('pending');
      expect(pageErrors).toEqual([]);
    } finally {
      await setSettings('checkout', { prevent_overselling: false });
    }
  });

  it('warns, and sells, beyond the stock when overselling is allowed', async () => {
    await setStock('Kombucha Ginger', 1);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Kombucha Ginger');
    await addByTile(page, 'Kombucha Ginger');
    expect(await page.locator('#status-message').count()).toBe(0);
    await addByTile(page, 'Kombucha Ginger');
    await quantityShown(page, 'Kombucha Ginger', '2');
    expect(await statusText(page)).toBe('Only 1 Kombucha Ginger in stock; this sale now has 2. Check the stock level after the sale.');
    expect(pageErrors).toEqual([]);
  });
});
