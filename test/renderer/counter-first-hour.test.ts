/**
 * Issue 33's first hour and first queue at the till, in real Chromium against a real server with the
 * demo catalogue: a receipt that adds up when the sale was discounted; a refund that offers only
 * what is left to refund; a code keyed by hand; the server's codes folded away under details.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addByTile, product, searchFor, token as tokenOf } from '../helpers/counter.js';
import { api } from '../helpers/server.js';
import { cartSettled, docsScreenshot, gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

async function openRegister(): Promise<number> {
  const admin = await tokenOf(server, 'administrator');
  const [register] = (await api(server, 'GET', '/registers', { token: admin })).body;
  if (register.session === null) {
    const opened = await api(server, 'POST', `/registers/${register.id}/open`, { token: admin, body: { opening_float: '0.00', note: '' } });
    expect([200, 201]).toContain(opened.status);
  }
  return register.id as number;
}

async function discountLine(page: Page, name: string, amountOff: string): Promise<void> {
  await page.getByRole('button', { name: `Change ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change ${name}` });
  await dialog.locator('#line-discount').fill(amountOff);
  await dialog.getByLabel('amount off').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'detached' });
  await cartSettled(page);
}

/** The receipt's label and amount rows (two spans side by side), as the till shows them in its shadow root. */
async function receiptRows(page: Page): Promise<string[][]> {
  return page.locator('#receipt-preview').evaluate((host) =>
    Array.from((host.shadowRoot ?? host).querySelectorAll('div'))
      .filter((row) => row.children.length === 2 && Array.from(row.children).every((cell) => cell.tagName === 'SPAN'))
      .map((row) => Array.from(row.children).map((cell) => cell.textContent.trim())),
  );
}

describe('the receipt of a discounted sale', () => {
  it('prints the line discount, so that the lines less the discount are the total', async () => {
    await openRegister();
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Still Water');
    await addByTile(page, 'Still Water 500ml');
    await discountLine(page, 'Still Water 500ml', '0.50');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    const receipt = page.locator('#receipt-preview');
    await receipt.getByText('Subtotal').waitFor();
    const rows = await receiptRows(page);
    expect(rows).toContainEqual(['Subtotal', '$1.95']);
    expect(rows).toContainEqual(['Discount', '-$0.50']);
    expect(rows).toContainEqual(['Total USD', '$1.45']);
    await docsScreenshot(page, 'receipt-with-discount');
    expect(pageErrors).toEqual([]);
  });
});

describe('a refund', () => {
  it('offers only the units not refunded yet, and none of a line refunded in full', async () => {
    await openRegister();
    const cashier = await tokenOf(server, 'cashier');
    const baguette = await product(server, 'Baguette');
    const water = await product(server, 'Still Water 500ml');
    const sale = (
      await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: baguette.id, quantity: 3 }, { product_id: water.id }] } })
    ).body;
    const paid = await api(server, 'POST', `/orders/${sale.id}/checkout`, {
      token: cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '100.00' } },
    });
    expect(paid.status).toBe(200);
    const [bread, bottle] = sale.line_items;
    const refunded = await api(server, 'POST', `/orders/${sale.id}/refunds`, {
      token: await tokenOf(server, 'administrator'),
      body: {
        line_items: [
          { id: bread.id, quantity: 2 },
          { id: bottle.id, quantity: 1 },
        ],
        refund_destination: 'pos_cash',
      },
    });
    expect(refunded.status).toBe(201);

    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await page.locator('#nav-history').click();
    await page.getByRole('button', { name: `Open order ${sale.number}`, exact: true }).click();
    const breadChoice = page.getByLabel(`Refund quantity of Baguette`);
    await breadChoice.waitFor();
    await page.waitForFunction(
      (label) => (globalThis as any).document.querySelector(`select[aria-label="${label}"]`)?.options.length === 2,
      `Refund quantity of Baguette`,
    );
    expect(await breadChoice.locator('option').allTextContents()).toEqual(['0', '1']);
    expect(await page.getByLabel(`Refund quantity of Still Water 500ml`).count()).toBe(0);
    expect(await page.locator('#refund-form tr', { hasText: 'Still Water 500ml' }).textContent()).toContain('Refunded');
    expect(pageErrors).toEqual([]);
  });
});

describe('the counter’s small frictions', () => {
  it('adds the item of an exact SKU or barcode keyed by hand and Enter, instead of showing its tile', async () => {
    const cashier = await tokenOf(server, 'cashier');
    const { id } = await product(server, 'Baguette');
    const { sku, global_unique_id: barcode } = (await api(server, 'GET', `/products/${id}`, { token: cashier })).body;
    expect(sku).not.toBe('');
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(sku);
    await search.press('Enter');
    const cart = page.getByRole('region', { name: 'Cart' });
    await cart.locator('.quantity[aria-label="Quantity of Baguette"]', { hasText: /^1$/ }).waitFor();
    expect(await search.inputValue()).toBe('');
    if (barcode !== '') {
      await search.fill(barcode);
      await search.press('Enter');
      await cart.locator('.quantity[aria-label="Quantity of Baguette"]', { hasText: /^2$/ }).waitFor();
    }
    // A word is still a search.
    await searchFor(page, 'Baguette');
    expect(await page.locator('#product-grid .tile').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('keeps the server’s code under a Details fold, out of the cashier’s sight until asked for', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    // The server refuses the sale with a code the cashier has no use for.
    await page.route('**/pos/v1/orders**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'pos_internal', message: 'Something broke.', data: { status: 500 } }),
      }),
    );
    await searchFor(page, 'Baguette');
    await addByTileNoWait(page, 'Baguette');
    await page.locator('#status-detail').waitFor({ state: 'attached' });
    expect(await page.locator('#status-detail').isVisible()).toBe(false);
    await page.locator('#status summary', { hasText: 'Details' }).click();
    expect(await page.locator('#status-detail').isVisible()).toBe(true);
    expect(await page.locator('#status-detail').textContent()).toContain('pos_internal');
    await page.unroute('**/pos/v1/orders**');
    expect(pageErrors.filter((error) => !error.includes('500'))).toEqual([]);
  });
});

describe('the quick cash button', () => {
  it('keeps one place, beside Pay under Void and Park, whatever the amount, at 1024×768 and 1366×768', async () => {
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 1366, height: 768 },
    ]) {
      const { page, pageErrors } = await openTill(harness, server, { viewport });
      await logIn(page, server, 'cashier');
      await gridReady(page);
      await searchFor(page, 'Still Water');
      await addByTile(page, 'Still Water 500ml');
      const places = async () => {
        const top = async (selector: string) => (await page.locator(selector).boundingBox())?.y ?? -1;
        return { cash: await top('#quick-cash'), pay: await top('#pay'), void: await top('[data-shortcut="F7"]') };
      };
      const small = await places();
      // A large amount: the button's text grows.
      await page.getByRole('button', { name: 'Change Still Water 500ml' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Still Water 500ml' });
      await dialog.locator('#line-quantity').fill('999');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'detached' });
      await cartSettled(page);
      const large = await places();
      for (const seen of [small, large]) {
        expect(seen.cash).toBe(seen.pay);
        expect(seen.void).toBeLessThan(seen.pay);
      }
      expect(large.cash).toBe(small.cash);
      await page.getByRole('button', { name: 'Void', exact: true }).click();
      await page.getByRole('dialog', { name: 'Void the sale' }).getByRole('button', { name: 'Void sale' }).click();
      expect(pageErrors).toEqual([]);
    }
  });
});

async function addByTileNoWait(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}
