/**
 * The drawer day and split tenders at the till, in real Chromium against a real server with the
 * demo catalogue and `require_open_session` on: opening the drawer with a float while a sale
 * waits in the cart, a sale paid part by card and part in cash, cash in and out,
 * the blind X report, the counted close and the Z report shown and printed. Every figure on the
 * page is checked against the server's answer.
 */
import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { cartSettled, gridReady, logIn, openTill, screenshot, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

async function token(role: 'cashier' | 'shop_manager' | 'administrator'): Promise<string> {
  return (await login(server, role)).access_token;
}

/** Whole cents of a server amount such as "12.34", for the hand-worked sums of the test only. */
function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function amountOf(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

describe('the drawer day at the till', () => {
  it('from opening with a sale waiting, a split sale, cash in and out, the blind X report and the Z report printed', async () => {
    const admin = await token('administrator');
    expect((await api(server, 'PATCH', '/stores/1', { token: admin, body: { require_open_session: true } })).status).toBe(200);
    const [register] = (await api(server, 'GET', '/registers', { token: admin })).body;
    expect(register.session).toBeNull();

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
    await gridReady(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('Drip Coffee');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.getByRole('button', { name: 'Drip Coffee', exact: true }).click();
    await cartSettled(page);
    await page.getByRole('button', { name: 'One more Drip Coffee' }).click();
    await page.locator('.quantity', { hasText: '2' }).waitFor();
    await cartSettled(page);

    // No open drawer: the payment waits while the float is counted in and the register opened in place (test/renderer/register-opening.test.ts);
    // here the cashier opens it from the drawer screen and comes back to a cart that waited.
    await page.locator('#nav-drawer').click();
    await page.locator('#drawer-open').waitFor();
    await page.getByLabel('Opening float').fill('100.00');
    await page.getByRole('button', { name: 'Open register', exact: true }).click();
    await page.locator('#x-report').waitFor();
    const opened = (await api(server, 'GET', `/registers/${register.id}/session`, { token: admin })).body;
    expect(opened.drawer.opening_float).toBe('100.00');
    expect(await page.locator('#drawer-state').textContent()).toBe(`${register.name}: open`);

    // The cart waited: part by card, the rest in cash with change beyond what is due.
    await page.locator('#nav-sell').click();
    const cart = page.getByRole('region', { name: 'Cart' });
    await cart.getByText('Drip Coffee').waitFor();
    const orderId = Number(/Order (\d+)/.exec((await page.locator('.cart-head h2').textContent()) ?? '')?.[1]);
    const order = (await api(server, 'GET', `/orders/${orderId}`, { token: admin })).body;
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    expect(await page.locator('#payment-due').textContent()).toBe(`$${order.total}`);
    await page.getByRole('radio', { name: 'Card' }).click();
    await page.getByLabel('Amount paid this way').fill('5.00');
    await page.getByRole('button', { name: 'Pay this part' }).click();
    await page.locator('#payments-made', { hasText: 'Card' }).waitFor();
    const afterCard = (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: admin })).body;
    expect(afterCard.amount_paid).toBe('5.00');
    expect(await page.locator('#payment-due').textContent()).toBe(`$${afterCard.amount_due}`);
    expect(await page.locator('#payments-made li').textContent()).toBe('Card $5.00');
    await page.getByRole('radio', { name: 'Cash' }).click();
    await page.getByLabel('Cash tendered').fill('20.00');
    await screenshot(page, 'payment-split');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    const paid = (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: admin })).body;
    expect(paid.amount_due).toBe('0.00');
    expect(paid.payments.map((payment: any) => [payment.gateway_id, payment.amount])).toEqual([
      ['pos_card', '5.00'],
      ['pos_cash', afterCard.amount_due],
    ]);
    expect(await page.locator('#change-due strong').textContent()).toBe(`$${paid.payments[1].change}`);
    expect(paid.payments[1].change).toBe(amountOf(2000 - cents(afterCard.amount_due)));
    // The receipt lists both tenders.
    const receipt = page.locator('#receipt-preview');
    await receipt.getByText('Card').first().waitFor();
    await receipt.getByText('Cash').first().waitFor();
    await page.getByRole('button', { name: 'New sale' }).click();

    // Cash in and out, then the X report: blind for the cashier.
    await page.locator('#nav-drawer').click();
    await page.locator('#drawer-cash').waitFor();
    await page.getByLabel('Amount').fill('20.00');
    await page.getByLabel('Reason').fill('Coins from the bank');
    await page.getByRole('button', { name: 'Record cash movement' }).click();
    await page.locator('#cash-movements li', { hasText: 'Coins from the bank' }).waitFor();
    await page.getByRole('radio', { name: 'Cash out' }).click();
    await page.getByLabel('Amount').fill('15.00');
    await page.getByLabel('Reason').fill('Window cleaner');
    await page.getByRole('button', { name: 'Record cash movement' }).click();
    await page.locator('#cash-movements li', { hasText: 'Window cleaner' }).waitFor();
    const x = (await api(server, 'GET', `/registers/${register.id}/session`, { token: await token('cashier') })).body;
    expect(x.blind).toBe(true);
    expect(await page.locator('#x-sales-count').textContent()).toBe(String(x.sales.count));
    expect(x.sales.count).toBe(1);
    expect(await page.locator('#x-gross').textContent()).toBe(`$${x.sales.gross}`);
    expect(await page.locator('#x-net').textContent()).toBe(`$${x.sales.net}`);
    expect(await page.locator('#cash-movements li').allTextContents()).toEqual(['In $20.00 · Coins from the bank', 'Out $15.00 · Window cleaner']);
    // What the drawer should hold, worked out by hand: float + cash taken − change + in − out.
    const expected = amountOf(10000 + 2000 - cents(paid.payments[1].change) + 2000 - 1500);
    expect((await api(server, 'GET', `/registers/${register.id}/session`, { token: admin })).body.drawer.expected_cash).toBe(expected);
    expect(await page.locator('#drawer-view').textContent()).not.toContain(expected);
    expect(await page.locator('#x-expected').count()).toBe(0);
    await screenshot(page, 'drawer');

    // The blind close, 0.35 short; the Z report then says what was expected.
    const counted = amountOf(cents(expected) - 35);
    await page.getByLabel('Counted cash').fill(counted);
    await page.getByRole('button', { name: 'Close register', exact: true }).click();
    const zDialog = page.getByRole('dialog', { name: 'Z report' });
    await zDialog.waitFor();
    const [closure] = (await api(server, 'GET', `/registers/${register.id}/closures`, { token: admin })).body;
    expect(closure.counted_cash).toBe(counted);
    expect(closure.variance).toBe('-0.35');
    expect(closure.drawer.expected_cash).toBe(expected);
    expect(await page.locator('#z-variance').textContent()).toBe(`Z report No. ${closure.z_number} · counted $${counted} · variance -$0.35`);
    await page.locator('#z-report').getByText(`Z REPORT No. ${closure.z_number}`, { exact: false }).first().waitFor();
    await page.locator('#z-report').getByText(expected).first().waitFor();
    await screenshot(page, 'z-report');
    await page.getByRole('button', { name: 'Print Z report' }).click();
    expect(await page.evaluate(() => (globalThis as any).printCalls)).toBe(1);
    await zDialog.getByRole('button', { name: 'Done' }).click();
    await page.locator('#drawer-open').waitFor();
    expect((await api(server, 'GET', `/registers/${register.id}`, { token: admin })).body.session).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
