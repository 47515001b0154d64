/**
 * A discount on the whole sale in a shop whose prices include tax, in real Chromium against a real
 * server with the demo catalogue (the store switched to prices with tax over HTTP): "5.00 off"
 * takes exactly 5.00 off what the customer pays, and each line keeps its price before the discount.
 */
import { describe, expect, it } from 'vitest';
import { addByTile, cartOrderId, searchFor, serverOrder, token } from '../helpers/counter.js';
import { api } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

describe('a discount on the whole sale where prices include tax', () => {
  it('takes exactly the amount typed off the total the customer pays', async () => {
    const admin = await token(server, 'administrator');
    const switched = await api(server, 'PATCH', '/stores/1', { token: admin, body: { prices_include_tax: true } });
    expect(switched.status).toBe(200);
    const [register] = (await api(server, 'GET', '/registers', { token: admin })).body;
    if (register.session === null) {
      const opened = await api(server, 'POST', `/registers/${register.id}/open`, { token: admin, body: { opening_float: '0.00', note: '' } });
      expect([200, 201]).toContain(opened.status);
    }

    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    for (const name of ['Drip Coffee', 'Still Water 500ml', 'Baguette']) {
      await searchFor(page, name);
      await addByTile(page, name);
    }
    await cartSettled(page);
    const orderId = await cartOrderId(page);
    const before = await serverOrder(server, orderId);
    expect(before.prices_include_tax).toBe(true);
    expect(Number(before.total_tax)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Discount', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discount on the sale' });
    await dialog.getByText('with tax', { exact: false }).waitFor();
    await dialog.locator('#sale-discount').fill('5.00');
    await dialog.getByLabel('amount off').check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cartSettled(page);

    const after = await serverOrder(server, orderId);
    const cents = (amount: string): number => Math.round(Number(amount) * 100);
    expect(cents(before.total) - cents(after.total)).toBe(500);
    expect(after.line_items.map((line: { subtotal: string }) => line.subtotal)).toEqual(before.line_items.map((line: { subtotal: string }) => line.subtotal));
    // What the cart shows the customer is the server's total.
    expect((await page.locator('#cart-total').textContent())?.replace(/[^0-9.]/g, '')).toBe(after.total);

    // A line's own discount: "0.50 off" the coffee takes exactly 0.50 off what the customer pays.
    await page.getByRole('button', { name: 'Change Drip Coffee' }).click();
    const line = page.getByRole('dialog', { name: 'Change Drip Coffee' });
    await line.locator('#line-discount').fill('0.50');
    await line.getByLabel('amount off').check();
    await line.getByRole('button', { name: 'Apply' }).click();
    await line.waitFor({ state: 'detached' });
    await cartSettled(page);
    const coffee = (order: { line_items: Array<{ name: string; total: string; total_tax: string }> }) =>
      order.line_items.find((item) => item.name === 'Drip Coffee');
    const withTax = (item: { total: string; total_tax: string } | undefined): number => cents(item?.total ?? '0') + cents(item?.total_tax ?? '0');
    const lineDiscounted = await serverOrder(server, orderId);
    expect(withTax(coffee(before)) - withTax(coffee(lineDiscounted))).toBe(50);
    expect(pageErrors).toEqual([]);
  });
});
