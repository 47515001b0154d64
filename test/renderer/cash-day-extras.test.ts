/**
 * The day's extras at the till, in real Chromium against a real server with the demo catalogue (a
 * store in US dollars): a no-sale from the drawer screen, audited and asking a manager when the
 * settings say so; the close counted by notes and coins, their sum the counted cash and the Z's
 * variance; an old sale found by its receipt number beyond the first page of orders; and its gift
 * receipt, with the items and no prices; a return without a receipt, approved, in cash and restocked.
 */
import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { logIn, openTill, SCREENSHOT_DIR, tableRows, useHarness } from '../helpers/till-page.js';

const MANAGER_PIN = '3719';

const { harness, server } = useHarness({ catalogue: true }, async ({ server: started }) => {
  const manager = started.users.shop_manager;
  const managerToken = (await login(started, 'shop_manager')).access_token;
  expect((await api(started, 'POST', '/auth/pin', { token: managerToken, body: { pin: MANAGER_PIN, current_password: manager.password } })).status).toBe(200);
});

async function token(role: 'cashier' | 'shop_manager'): Promise<string> {
  return (await login(server, role)).access_token;
}

/** The store's first register, opened with `float` when its drawer is closed. */
async function openRegister(float: string): Promise<number> {
  const cashier = await token('cashier');
  const [register] = (await api(server, 'GET', '/registers?store_id=1', { token: cashier })).body;
  if (register.session !== null) {
    const counted = (await api(server, 'GET', `/registers/${register.id}/session`, { token: await token('shop_manager') })).body.drawer.expected_cash;
    expect((await api(server, 'POST', `/registers/${register.id}/close`, { token: await token('shop_manager'), body: { counted_cash: counted } })).status).toBe(
      200,
    );
  }
  expect((await api(server, 'POST', `/registers/${register.id}/open`, { token: cashier, body: { opening_float: float } })).status).toBe(201);
  return register.id as number;
}

/** A paid cash sale of `quantity` of the product named `name`, with the cashier's `cashier` token. */
async function sell(name: string, quantity: number, cashier: string): Promise<{ id: number; number: string; total: string }> {
  const [product] = (await api(server, 'GET', `/products?search=${encodeURIComponent(name)}&per_page=1`, { token: cashier })).body;
  const order = (await api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: product.id, quantity }] } })).body;
  const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
    token: cashier,
    headers: { 'idempotency-key': `extras-${order.id}` },
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
  });
  expect(paid.status).toBe(200);
  return { id: order.id, number: order.number, total: order.total };
}

describe('the day at the till: no-sale, counting the drawer, finding a sale and its gift receipt', () => {
  it('a no-sale asks a manager when the settings say so, and the audit trail keeps who and when', async () => {
    const manager = await token('shop_manager');
    const register = await openRegister('50.00');
    expect((await api(server, 'POST', '/settings/approvals', { token: manager, body: { required: ['no_sale'] } })).status).toBe(200);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#nav-drawer').click();
    await page.locator('#drawer-no-sale').waitFor();
    await page.locator('#no-sale-reason').fill('Change for the parking meter');
    await page.getByRole('button', { name: 'No sale: open the drawer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager approval' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('opening the drawer without a sale');
    const audit = async () =>
      (await api(server, 'GET', `/logs?source=audit&action=drawer.no_sale&register=${register}`, { token: manager })).body.entries as Array<{
        context: Record<string, unknown>;
      }>;
    expect(await audit()).toEqual([]);
    await dialog.getByLabel("Manager's username").fill(server.users.shop_manager.username);
    await dialog.getByLabel("Manager's PIN").fill(MANAGER_PIN);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.locator('#status-message', { hasText: 'No sale recorded' }).waitFor();
    const [entry, ...others] = await audit();
    expect(others).toEqual([]);
    expect(entry?.context).toMatchObject({ user_id: server.users.cashier.id, reason: 'Change for the parking meter' });
    expect(typeof entry?.context.approval_id).toBe('number');
    expect((await api(server, 'POST', '/settings/approvals', { token: manager, body: { required: [] } })).status).toBe(200);
    expect(pageErrors).toEqual([]);
  });

  it('the close counted by notes and coins: their sum is the counted cash, and the Z report’s variance follows from it', async () => {
    const register = await openRegister('100.00');
    const sale = await sell('Drip Coffee', 2, await token('cashier'));
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await logIn(page, server, 'cashier');
    await page.locator('#nav-drawer').click();
    await page.locator('#drawer-count').waitFor();
    // 4 × $20 + 2 × $10 + 3 × $1 coins + 7 × 25¢ + 3 × 1¢ = 104.78, worked out by hand.
    const counts: Array<[string, string]> = [
      ['How many $20.00 notes', '4'],
      ['How many $10.00 notes', '2'],
      ['How many $1.00 coins', '3'],
      ['How many $0.25 coins', '7'],
      ['How many $0.01 coins', '3'],
    ];
    for (const [label, count] of counts) await page.getByLabel(label, { exact: true }).fill(count);
    expect(await page.locator('#count-total').textContent()).toBe('$104.78');
    expect(await page.getByLabel('Counted cash').inputValue()).toBe('104.78');
    // The close form alone (README: docs/screenshots/drawer-count.png); the page scrolls at 1366×768.
    await page.locator('#drawer-close').screenshot({ path: `${SCREENSHOT_DIR}drawer-count.png` });
    const expected = (await api(server, 'GET', `/registers/${register}/session`, { token: await token('shop_manager') })).body.drawer.expected_cash as string;
    // The sale paid exactly in cash: the drawer should hold the float and the sale.
    expect(expected).toBe(sumOf('100.00', sale.total));
    await page.getByRole('button', { name: 'Close register', exact: true }).click();
    await page.getByRole('dialog', { name: 'Z report' }).waitFor();
    const [closure] = (await api(server, 'GET', `/registers/${register}/closures`, { token: await token('shop_manager') })).body;
    expect(closure.counted_cash).toBe('104.78');
    expect(closure.variance).toBe(differenceOf('104.78', expected));
    expect(pageErrors).toEqual([]);
  });

  it('finds a sale beyond the first page by its receipt number, pages the list, and prints its gift receipt without prices', async () => {
    await openRegister('20.00');
    const cashier = await token('cashier');
    const old = await sell('Butter Croissant', 3, cashier);
    for (let index = 0; index < 26; index += 1) await sell('Drip Coffee', 1, cashier);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#nav-history').click();
    await page.locator('#history-table').waitFor();
    const openOld = page.getByRole('button', { name: `Open order ${old.number}`, exact: true });
    expect(await openOld.count()).toBe(0);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('#order-page', { hasText: 'Page 2' }).waitFor();
    await openOld.waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator('#order-page', { hasText: 'Page 1' }).waitFor();
    // Days the sales were not made on find none of them; today finds them.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await page.getByLabel('Sold from').fill('2020-01-01');
    await page.getByLabel('Sold until').fill('2020-01-31');
    await page.getByRole('button', { name: 'Find orders' }).click();
    await page.getByText('No orders found.').waitFor();
    await page.getByLabel('Sold until').fill(today);
    await page.getByRole('button', { name: 'Find orders' }).click();
    await page.locator('#history-table').waitFor();
    await page.getByLabel('Receipt number, customer, item or amount').fill(old.number);
    await page.getByRole('button', { name: 'Find orders' }).click();
    await tableRows(page, '#history-table', 1);
    await openOld.waitFor();
    await openOld.click();
    await page.getByRole('button', { name: 'Gift receipt' }).click();
    const receipt = page.locator('#receipt-preview');
    await receipt.getByText('Butter Croissant').waitFor();
    const text = (await receipt.evaluate((host) => host.shadowRoot?.textContent ?? '')).replace(/\s+/g, ' ');
    expect(text).toContain('x 3');
    expect(text).toContain(`#${old.number}`);
    expect(text).not.toContain('$');
    expect(text).not.toContain(old.total);
    expect(text).not.toMatch(/Cash|Total/i);
    expect(pageErrors).toEqual([]);
  }, 90_000);
  it('a return without a receipt: the manager approves, cash goes back from the drawer, the items back in stock, and the Z counts the refund', async () => {
    const manager = await token('shop_manager');
    const register = await openRegister('40.00');
    expect((await api(server, 'POST', '/settings/approvals', { token: manager, body: { required: ['return_without_receipt'] } })).status).toBe(200);
    const [water] = (await api(server, 'GET', `/products?search=${encodeURIComponent('Sparkling Water 500ml')}&per_page=1`, { token: manager })).body;
    expect(water.manage_stock).toBe(true);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await page.locator('#nav-history').click();
    await page.getByRole('button', { name: 'Return without a receipt' }).click();
    await page.getByLabel('Item name, SKU or barcode').fill('Sparkling Water 500ml');
    await page.getByRole('button', { name: 'Find item' }).click();
    await page.getByRole('button', { name: /^Add Sparkling Water 500ml/ }).click();
    await page.getByLabel('Quantity of Sparkling Water 500ml brought back').fill('2');
    await page.getByLabel('Why it came back').fill('Flat');
    await page.getByRole('button', { name: 'Give the money back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager approval' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('a return without a receipt');
    await dialog.getByLabel("Manager's username").fill(server.users.shop_manager.username);
    await dialog.getByLabel("Manager's PIN").fill(MANAGER_PIN);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.locator('#status-message', { hasText: 'Returned:' }).waitFor();

    const [entry] = (await api(server, 'GET', '/logs?source=audit&action=order.return&per_page=1', { token: manager })).body.entries;
    const amount = entry.context.amounts.amount as string;
    expect(await page.locator('#status-message').textContent()).toContain(`$${amount} given back by Cash, items back in stock`);
    expect(typeof entry.context.approval_id).toBe('number');
    const after = (await api(server, 'GET', `/products/${water.id}`, { token: manager })).body;
    expect(after.stock_quantity).toBe(Number(water.stock_quantity) + 2);
    const session = (await api(server, 'GET', `/registers/${register}/session`, { token: manager })).body;
    expect(session.drawer.cash_refunded).toBe(amount);
    expect(session.drawer.expected_cash).toBe(differenceOf('40.00', amount));
    const closed = await api(server, 'POST', `/registers/${register}/close`, { token: manager, body: { counted_cash: session.drawer.expected_cash } });
    expect(closed.body.sales.refunds).toBe(amount);
    expect(closed.body.refunds).toEqual([expect.objectContaining({ gateway_id: 'pos_cash', amount })]);
    expect((await api(server, 'POST', '/settings/approvals', { token: manager, body: { required: [] } })).status).toBe(200);
    expect(pageErrors).toEqual([]);
  });
});

/** Sums and differences of two-decimal amounts in whole cents, for the test's own arithmetic. */
function cents(amount: string): number {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -value : value;
}
function amountOf(value: number): string {
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
function sumOf(a: string, b: string): string {
  return amountOf(cents(a) + cents(b));
}
function differenceOf(a: string, b: string): string {
  return amountOf(cents(a) - cents(b));
}
