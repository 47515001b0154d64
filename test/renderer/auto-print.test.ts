/**
 * `payment_gateways.auto_print_receipt` at the till, in real Chromium against a real server with the
 * demo catalogue: on, the receipt prints by itself once the order is fully paid (not after a part of
 * a split payment); off, only "Print receipt" prints. A manager's change applies at the next sale
 * without reloading the till. Print is observed at the browser boundary (window.print).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, scan, useHarness } from '../helpers/till-page.js';

let coffeeBarcode: string;

const { harness, server } = useHarness({ catalogue: true }, async () => {
  const { access_token } = await login(server, 'cashier');
  const found = await api(server, 'GET', '/products?search=Drip%20Coffee&per_page=20', { token: access_token });
  const coffee = (found.body as Array<{ name: string; barcode: string }>).find((candidate) => candidate.name === 'Drip Coffee');
  if (coffee === undefined) throw new Error('the demo catalogue has no Drip Coffee');
  coffeeBarcode = coffee.barcode;
});

/** What a manager does in the payment gateway settings. */
async function setAutoPrint(on: boolean): Promise<void> {
  const { access_token } = await login(server, 'shop_manager');
  const saved = await api(server, 'POST', '/settings/payment-gateways', { token: access_token, body: { auto_print_receipt: on } });
  expect(saved.status).toBe(200);
  expect(saved.body.auto_print_receipt).toBe(on);
}

/** A till whose window.print is recorded instead of opening the print dialog. */
async function openRecordingTill(): Promise<{ page: Page; pageErrors: string[] }> {
  const till = await openTill(harness, server, {
    beforeLoad: (context) =>
      context.addInitScript(() => {
        (globalThis as any).printCalls = 0;
        (globalThis as any).print = () => {
          (globalThis as any).printCalls = Number((globalThis as any).printCalls) + 1;
        };
      }),
  });
  await logIn(till.page, server, 'cashier');
  await gridReady(till.page);
  return till;
}

async function printCalls(page: Page): Promise<number> {
  return Number(await page.evaluate(() => (globalThis as any).printCalls));
}

/** One coffee in a new cart, scanned. */
async function ringUpCoffee(page: Page): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 700 } });
  await scan(page, coffeeBarcode);
  await page.getByRole('region', { name: 'Cart' }).getByText('Drip Coffee').waitFor();
  await cartSettled(page);
}

/** Pays all that is due in cash and waits until the receipt dialog has done what it does on showing (its last step focuses "New sale"). */
async function payInCash(page: Page): Promise<void> {
  await page.getByLabel('Cash tendered').fill('20.00');
  await page.getByRole('button', { name: 'Complete payment' }).click();
  await page.locator('#change-due').waitFor();
  await page.locator('#receipt-preview').getByText('Receipt #').waitFor();
  await page.waitForFunction(() => (globalThis as any).document.activeElement?.textContent === 'New sale');
}

describe('auto print of the receipt', () => {
  it('on: a part payment prints nothing; the cash that completes the order prints the receipt once by itself', async () => {
    await setAutoPrint(true);
    const { page, pageErrors } = await openRecordingTill();
    await ringUpCoffee(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('radio', { name: 'Card' }).click();
    await page.getByLabel('Amount paid this way').fill('1.00');
    await page.getByRole('button', { name: 'Pay this part' }).click();
    await page.locator('#payments-made', { hasText: 'Card' }).waitFor();
    expect(await printCalls(page)).toBe(0);

    await page.getByRole('radio', { name: 'Cash' }).click();
    await payInCash(page);
    await page.waitForFunction(() => (globalThis as any).printCalls === 1);
    expect(await printCalls(page)).toBe(1);
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    expect(await printCalls(page)).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('off: only the button prints; a manager turning it on applies at the next sale without a reload', async () => {
    await setAutoPrint(false);
    const { page, pageErrors } = await openRecordingTill();
    await ringUpCoffee(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await payInCash(page);
    expect(await printCalls(page)).toBe(0);
    await page.getByRole('button', { name: 'Print receipt', exact: true }).click();
    expect(await printCalls(page)).toBe(1);
    await page.getByRole('button', { name: 'New sale' }).click();

    await setAutoPrint(true);
    await ringUpCoffee(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await payInCash(page);
    await page.waitForFunction(() => (globalThis as any).printCalls === 2);
    expect(await printCalls(page)).toBe(2);
    expect(pageErrors).toEqual([]);
  });
});
