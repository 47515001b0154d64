/**
 * An exchange at the till, in real Chromium against a real server with the demo catalogue: goods
 * brought back without a receipt become exchange credit (the drawer does not move), the selling
 * screen opens with the credit waiting, and Pay spends it first: dearer goods cost only the
 * difference in cash, cheaper ones give the rest back as cash change, and the X report holds it;
 * a credit not wanted after all is given back in cash.
 */
import { describe, expect, it } from 'vitest';
import { addByTile, product } from '../helpers/counter.js';
import { api, login } from '../helpers/server.js';
import { cartSettled, docsScreenshot, gridReady, logIn, openTill, useHarness } from '../helpers/till-page.js';
import type { Page } from 'playwright-core';

const { harness, server } = useHarness({ catalogue: true });

async function token(role: 'cashier' | 'shop_manager'): Promise<string> {
  return (await login(server, role)).access_token;
}

/** The store's first register (the till's), opened with `float` after closing any open session. */
async function openRegister(float: string): Promise<number> {
  const manager = await token('shop_manager');
  const [register] = (await api(server, 'GET', '/registers?store_id=1', { token: manager })).body;
  if (register.session !== null) {
    const counted = (await api(server, 'GET', `/registers/${register.id}/session`, { token: manager })).body.drawer.expected_cash;
    expect((await api(server, 'POST', `/registers/${register.id}/close`, { token: manager, body: { counted_cash: counted } })).status).toBe(200);
  }
  expect((await api(server, 'POST', `/registers/${register.id}/open`, { token: await token('cashier'), body: { opening_float: float } })).status).toBe(201);
  return register.id as number;
}
const session = async (register: number) => (await api(server, 'GET', `/registers/${register}/session`, { token: await token('shop_manager') })).body;
const stockOf = async (id: number): Promise<number> =>
  (await api(server, 'GET', `/products/${id}`, { token: await token('cashier') })).body.stock_quantity as number;

/** Orders, "Return without a receipt": `quantity` of `name` brought back, then "Exchange for other goods". */
async function exchangeFrom(page: Page, name: string, quantity: number): Promise<void> {
  await page.locator('#nav-history').click();
  await page.getByRole('button', { name: 'Return without a receipt' }).click();
  await page.getByLabel('Item name, SKU or barcode').fill(name);
  await page.getByRole('button', { name: 'Find item' }).click();
  await page.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
  await page.getByLabel(`Quantity of ${name} brought back`).fill(String(quantity));
  await page.getByRole('button', { name: 'Exchange for other goods' }).click();
  await page.locator('#exchange-credit').waitFor();
}
async function addToCart(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await gridReady(page);
  await addByTile(page, name);
  await cartSettled(page);
}

describe('an exchange at the till', () => {
  it('dearer goods: the credit pays first and the customer pays only the difference in cash', async () => {
    const register = await openRegister('50.00');
    const [water, kombucha] = [await product(server, 'Sparkling Water 500ml'), await product(server, 'Kombucha Ginger')];
    const [waterBefore, kombuchaBefore] = [await stockOf(water.id), await stockOf(kombucha.id)];
    const before = await session(register);
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await logIn(page, server, 'cashier');
    await exchangeFrom(page, 'Sparkling Water 500ml', 1);
    const [entry] = (await api(server, 'GET', '/logs?source=audit&action=order.return&per_page=1', { token: await token('shop_manager') })).body.entries;
    const credit = entry.context.amounts.amount as string;
    expect(await page.locator('#exchange-credit').textContent()).toContain(`$${credit}`);
    expect((await session(register)).drawer.expected_cash).toBe(before.drawer.expected_cash);

    await addToCart(page, 'Kombucha Ginger');
    // The quick tender's "Cash <total>" would be wrong while the credit waits: the dialog takes the rest.
    expect(await page.locator('#quick-cash').count()).toBe(0);
    const total = ((await page.locator('#cart-total').first().textContent()) ?? '').replace(/[^0-9.]/g, '');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.locator('#payments-made', { hasText: 'Exchange credit' }).waitFor();
    const difference = amountOf(cents(total) - cents(credit));
    expect(await page.locator('#payment-due').textContent()).toBe(`$${difference}`);
    expect(await page.locator('#exchange-credit').count()).toBe(0);
    await docsScreenshot(page, 'exchange');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    expect(await page.locator('#change-due strong').textContent()).toBe('$0.00');

    const after = await session(register);
    expect(cents(after.drawer.expected_cash) - cents(before.drawer.expected_cash)).toBe(cents(difference));
    expect(after.payments).toContainEqual(expect.objectContaining({ gateway_id: 'pos_exchange_credit', amount: credit }));
    expect(after.refunds).toContainEqual(expect.objectContaining({ gateway_id: 'pos_exchange_credit', amount: credit }));
    expect([await stockOf(water.id), await stockOf(kombucha.id)]).toEqual([waterBefore + 1, kombuchaBefore - 1]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('cheaper goods: Pay completes the sale on the credit alone and the rest goes back as cash change', async () => {
    const register = await openRegister('50.00');
    const before = await session(register);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await exchangeFrom(page, 'Kombucha Ginger', 2);
    const [entry] = (await api(server, 'GET', '/logs?source=audit&action=order.return&per_page=1', { token: await token('shop_manager') })).body.entries;
    const credit = entry.context.amounts.amount as string;
    await addToCart(page, 'Baguette');
    const total = ((await page.locator('#cart-total').first().textContent()) ?? '').replace(/[^0-9.]/g, '');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.locator('#change-due').waitFor();
    const change = amountOf(cents(credit) - cents(total));
    expect(await page.locator('#change-due strong').textContent()).toBe(`$${change}`);
    const after = await session(register);
    expect(cents(after.drawer.expected_cash) - cents(before.drawer.expected_cash)).toBe(-cents(change));
    expect(after.payments).toContainEqual(expect.objectContaining({ gateway_id: 'pos_exchange_credit', tendered: credit, change }));
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('region', { name: 'Cart' }).getByText('New sale').waitFor();
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('a waiting credit outlives a reload and another user logging in at the till, and spends once', async () => {
    const register = await openRegister('50.00');
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await exchangeFrom(page, 'Sparkling Water 500ml', 1);
    const [entry] = (await api(server, 'GET', '/logs?source=audit&action=order.return&per_page=1', { token: await token('shop_manager') })).body.entries;
    const credit = entry.context.amounts.amount as string;
    const banner = page.locator('#exchange-credit', { hasText: `$${credit}` });
    await banner.waitFor();

    // A reload: the till's memory is gone; the credit comes back from the server, as it holds it.
    await page.reload();
    await page.locator('#session-bar, #login-form').first().waitFor();
    if ((await page.locator('#login-form').count()) > 0) await logIn(page, server, 'cashier');
    await banner.waitFor();
    // Another user logs in at the same till between the return and the new sale.
    await page.locator('#switch-user').click();
    await page.locator('#login-form').waitFor();
    await logIn(page, server, 'shop_manager');
    await banner.waitFor();

    await addToCart(page, 'Kombucha Ginger');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.locator('#payments-made', { hasText: 'Exchange credit' }).waitFor();
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    await page.getByRole('button', { name: 'New sale' }).click();
    expect(await page.locator('#exchange-credit').count()).toBe(0);
    // Spent once: a reload offers it no more, and the server holds nothing waiting.
    await page.reload();
    await page.locator('#session-bar, #login-form').first().waitFor();
    if ((await page.locator('#login-form').count()) > 0) await logIn(page, server, 'shop_manager');
    await gridReady(page);
    expect(await page.locator('#exchange-credit').count()).toBe(0);
    expect((await api(server, 'GET', `/registers/${register}/exchange-credit`, { token: await token('cashier') })).body).toEqual([]);
    const spentOn = (await session(register)).payments.filter((line: { gateway_id: string }) => line.gateway_id === 'pos_exchange_credit');
    expect(spentOn).toEqual([expect.objectContaining({ amount: credit })]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('no new goods after all: the credit is given back in cash from the drawer', async () => {
    const register = await openRegister('50.00');
    const before = await session(register);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await exchangeFrom(page, 'Baguette', 1);
    const [entry] = (await api(server, 'GET', '/logs?source=audit&action=order.return&per_page=1', { token: await token('shop_manager') })).body.entries;
    const credit = entry.context.amounts.amount as string;
    await page.getByRole('button', { name: 'Give it back in cash instead' }).click();
    await page.locator('#status-message', { hasText: `Give back $${credit} in cash` }).waitFor();
    expect(await page.locator('#exchange-credit').count()).toBe(0);
    const after = await session(register);
    expect(cents(after.drawer.expected_cash) - cents(before.drawer.expected_cash)).toBe(-cents(credit));
    expect(pageErrors).toEqual([]);
  }, 90_000);
});

/** Two-decimal amounts in whole cents, for the test's own arithmetic. */
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
