/**
 * Selling at the till in real Chromium against a real server with the demo catalogue: a cash sale
 * by a scanned barcode and one by tiles and the keyboard alone, park and resume, a refund and a
 * reprint from the history. Every total checked is the server's.
 */
import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, scan, screenshot, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

async function product(name: string): Promise<{ id: number; barcode: string; price: string }> {
  const { access_token } = await login(server, 'cashier');
  const found = await api(server, 'GET', `/products?search=${encodeURIComponent(name)}&per_page=20`, { token: access_token });
  const match = (found.body as Array<{ id: number; name: string; barcode: string; price: string }>).find((candidate) => candidate.name === name);
  if (match === undefined) throw new Error(`the demo catalogue has no ${name}`);
  return match;
}

async function serverOrder(id: number): Promise<any> {
  const { access_token } = await login(server, 'shop_manager');
  return (await api(server, 'GET', `/orders/${id}`, { token: access_token })).body;
}

function orderIdOf(heading: string | null): number {
  const match = /Order (\d+)/.exec(heading ?? '');
  if (match === null) throw new Error(`no order number in "${heading}"`);
  return Number(match[1]);
}

describe('selling at the till', () => {
  it('sells by a scanned barcode for cash: the change and the receipt come from the server', async () => {
    const coffee = await product('Drip Coffee');
    const { page, pageErrors } = await openTill(harness, server);
    await screenshot(page, 'login');
    await logIn(page, server, 'cashier');
    await gridReady(page);
    // The scanner types wherever the focus is: here nowhere in particular.
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await scan(page, coffee.barcode);
    await page.getByRole('region', { name: 'Cart' }).getByText('Drip Coffee').waitFor();
    await scan(page, coffee.barcode);
    await page.locator('.quantity', { hasText: '2' }).waitFor();
    await cartSettled(page);
    const orderId = orderIdOf(await page.locator('.cart-head h2').textContent());
    const before = await serverOrder(orderId);
    expect(before.line_items).toHaveLength(1);
    expect(before.line_items[0].quantity).toBe(2);
    expect(await page.locator('#cart-total').textContent()).toBe(`$${before.total}`);
    await screenshot(page, 'sell');

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByLabel('Cash tendered').fill('20.00');
    await screenshot(page, 'payment');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    const paid = await serverOrder(orderId);
    expect(paid.status).toBe('completed');
    expect(paid.payment_method).toBe('pos_cash');
    const { access_token } = await login(server, 'cashier');
    const checkout = (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: access_token })).body;
    expect(await page.locator('#change-due strong').textContent()).toBe(`$${checkout.provider_data.change_due}`);
    // The receipt preview is the active template, rendered by the server, with its styles applied.
    await page.locator('#receipt-preview').getByText(`Receipt #${paid.number}`).waitFor();
    await screenshot(page, 'receipt');
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('sells by tiles and the keyboard alone: category, variation, search, typed tender', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('button', { name: 'Bakery' }).click();
    await page.locator('#products-view[aria-busy="false"]').waitFor({ state: 'attached' });
    // A variable product opens the variation picker; the keyboard chooses one.
    await page.getByRole('button', { name: 'Celebration Cake', exact: true }).focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Choose Celebration Cake' });
    await picker.waitFor();
    await picker.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Cart' }).locator('.cart-line-name', { hasText: 'Celebration Cake' }).waitFor();
    await cartSettled(page);
    // The search box by keyboard: type, Enter, Tab into the results, Enter on the tile.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('Almond Croissant');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.locator('#products-view[aria-busy="false"] .tile[aria-label="Almond Croissant"]').waitFor();
    await page.getByRole('button', { name: 'Almond Croissant', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Cart' }).locator('.cart-line-name', { hasText: 'Almond Croissant' }).waitFor();
    await cartSettled(page);
    const orderId = orderIdOf(await page.locator('.cart-head h2').textContent());
    await page.getByRole('button', { name: 'Pay', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Cash tendered').waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('cash-tendered');
    const total = (await serverOrder(orderId)).total as string;
    // A person's typing, slower than a scanner's burst (which would be taken as a scan).
    await page.keyboard.type(total, { delay: 90 });
    await page.keyboard.press('Enter');
    await page.locator('#change-due').waitFor();
    expect(await page.locator('#change-due strong').textContent()).toBe('$0.00');
    expect((await serverOrder(orderId)).status).toBe('completed');
    // The focus waits on "New sale": Enter starts the next one.
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    await screenshot(page, 'sell-1366');
    expect(pageErrors).toEqual([]);
  });

  it('parks an order and resumes it', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('Baguette');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.getByRole('button', { name: 'Baguette', exact: true }).click();
    await cartSettled(page);
    await page.locator('.cart-line-name', { hasText: 'Baguette' }).waitFor();
    const orderId = orderIdOf(await page.locator('.cart-head h2').textContent());
    await page.getByRole('button', { name: 'Park', exact: true }).click();
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    expect((await serverOrder(orderId)).status).toBe('on-hold');

    await page.getByRole('button', { name: 'Parked orders' }).click();
    const resume = page.getByRole('button', { name: `Resume order ${orderId}` });
    await resume.waitFor();
    await screenshot(page, 'parked');
    await resume.click();
    await page.locator('.cart-head h2', { hasText: `Order ${orderId}` }).waitFor();
    await page.locator('.cart-line-name', { hasText: 'Baguette' }).waitFor();
    expect((await serverOrder(orderId)).status).toBe('pending');
    expect(pageErrors).toEqual([]);
  });

  it('refunds a line from the history back to cash, restocked, and reprints the receipt with print called', async () => {
    const { access_token } = await login(server, 'cashier');
    const sale = (
      await api(server, 'POST', '/orders', { token: access_token, body: { line_items: [{ product_id: (await product('Baguette')).id, quantity: 2 }] } })
    ).body;
    const paid = await api(server, 'POST', `/orders/${sale.id}/checkout`, {
      token: access_token,
      headers: { 'idempotency-key': `refund-test-${sale.id}` },
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    });
    expect(paid.status).toBe(200);
    // Paying gives the order its number in the sales sequence.
    const { number } = await serverOrder(sale.id);

    const { page, pageErrors } = await openTill(harness, server, {
      // The browser boundary: record calls to window.print instead of opening the print dialog.
      beforeLoad: (context) =>
        context.addInitScript(() => {
          (globalThis as any).printCalls = 0;
          (globalThis as any).print = () => {
            (globalThis as any).printCalls = Number((globalThis as any).printCalls) + 1;
          };
        }),
    });
    await logIn(page, server, 'cashier');
    await page.locator('#nav-history').click();
    await page.getByRole('button', { name: `Open order ${number}`, exact: true }).click();
    await page.locator('#refund-form').waitFor();
    await page.getByLabel('Refund quantity of Baguette').selectOption('1');
    await page.getByLabel('Reason').fill('stale');
    await screenshot(page, 'refund');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.locator('#status-message', { hasText: 'Refunded' }).waitFor();
    const refunds = (await api(server, 'GET', `/orders/${sale.id}/refunds`, { token: access_token })).body;
    expect(refunds).toHaveLength(1);
    expect(refunds[0].line_items[0].quantity).toBe(-1);
    expect(await page.locator('#status-message').textContent()).toBe(`Refunded $${refunds[0].amount} on order ${number}.`);

    await page.getByRole('button', { name: 'Reprint receipt' }).click();
    await page.locator('#receipt-preview').getByText(`Receipt #${number}`).waitFor();
    await page.getByRole('button', { name: 'Print receipt', exact: true }).click();
    expect(await page.evaluate(() => (globalThis as any).printCalls)).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
