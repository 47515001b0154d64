/**
 * Input that lands the moment a field appears is kept, in real Chromium against a real server: a
 * cashier (or a scanner wedge) is faster than the screen's paint. A MutationObserver fills the field
 * in the microtask after it enters the DOM, before the next paint, which is when a reset in a plain
 * effect used to run and wipe it (the flaky "Cash tendered" and refund-quantity failures under load).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, scan, statusText, useHarness } from '../helpers/till-page.js';

let coffee: { id: number; name: string; barcode: string };

const { harness, server } = useHarness({ catalogue: true }, async () => {
  const { access_token } = await login(server, 'cashier');
  const found = await api(server, 'GET', '/products?search=Drip%20Coffee&per_page=20', { token: access_token });
  const match = (found.body as Array<typeof coffee>).find((candidate) => candidate.name === 'Drip Coffee');
  if (match === undefined) throw new Error('the demo catalogue has no Drip Coffee');
  coffee = match;
});

/** Arms the page to fill the first element matching `selector` as soon as it is added, as a user's input event would. */
async function fillOnAppear(page: Page, selector: string, value: string, eventType: 'input' | 'change'): Promise<void> {
  await page.evaluate(
    ({ selector, value, eventType }) => {
      const doc = (globalThis as any).document;
      const observer = new (globalThis as any).MutationObserver(() => {
        const field = doc.querySelector(selector);
        if (field === null) return;
        observer.disconnect();
        const prototype = Object.getPrototypeOf(field);
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
        field.dispatchEvent(new (globalThis as any).Event(eventType, { bubbles: true }));
        (globalThis as any).filledOnAppear = field.value;
      });
      observer.observe(doc.body, { childList: true, subtree: true });
    },
    { selector, value, eventType },
  );
}

describe('input the moment a field appears', () => {
  it('keeps the cash tendered typed as the payment dialog opens', async () => {
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await scan(page, coffee.barcode);
    await page.getByRole('region', { name: 'Cart' }).getByText(coffee.name).waitFor();
    await cartSettled(page);
    await fillOnAppear(page, '#cash-tendered', '20.00', 'input');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForFunction(() => (globalThis as any).filledOnAppear === '20.00');
    expect(await page.getByLabel('Cash tendered').inputValue()).toBe('20.00');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('keeps the refund quantity chosen as the refund form appears', async () => {
    const { access_token } = await login(server, 'cashier');
    const sale = (await api(server, 'POST', '/orders', { token: access_token, body: { line_items: [{ product_id: coffee.id, quantity: 2 }] } })).body;
    const paid = await api(server, 'POST', `/orders/${sale.id}/checkout`, {
      token: access_token,
      headers: { 'idempotency-key': `input-race-${sale.id}` },
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    });
    expect(paid.status).toBe(200);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#nav-history').click();
    await fillOnAppear(page, `select[aria-label="Refund quantity of ${coffee.name}"]`, '1', 'change');
    await page.getByRole('button', { name: `Open order ${sale.number}`, exact: true }).click();
    await page.waitForFunction(() => (globalThis as any).filledOnAppear === '1');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.locator('#status-message', { hasText: 'Refunded' }).waitFor();
    expect(await statusText(page)).toContain(`on order ${sale.number}`);
    const refunds = (await api(server, 'GET', `/orders/${sale.id}/refunds`, { token: access_token })).body;
    expect(refunds).toHaveLength(1);
    expect(refunds[0].line_items[0].quantity).toBe(-1);
    expect(pageErrors).toEqual([]);
  });
});
