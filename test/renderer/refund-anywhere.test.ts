import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderRefund, ShopOrder } from '../../shared/resources/orders.js';
import { api } from '../helpers/server.js';
import { Decimal, formatMoney } from '../../server/model/money.js';
import { closeTills, sellCoffees, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';
import { waitFor } from '../helpers/sync.js';
import { logIn, openTill, screenshot, startHarness, stopHarness, type TillHarness } from '../helpers/till-page.js';

/*
 * The till app at Till B refunds a sale made at Till A while A is switched off: the cashier finds it
 * on the Orders screen among every till's sales by its receipt number, opens it (B's copy of it,
 * which says where it was sold) and refunds it as any order of B's, offered only what A did not
 * refund itself.
 */
describe("the orders screen of a till refunding another till's sale", () => {
  let harness: TillHarness;
  let tills: TestTill[] = [];

  beforeAll(async () => {
    harness = await startHarness([]);
    ({ tills } = await startTills(['Till A', 'Till B']));
  }, 60_000);

  afterAll(async () => {
    await closeTills(tills);
    await stopHarness(harness);
  });

  it('finds A-1 at B by its receipt number among every till, and refunds what A did not while A is off', async () => {
    const [a, b] = tills as [TestTill, TestTill];
    // Two coffees at A, one of them given back at A before it is switched off.
    const sale = await sellCoffees(a, 2);
    const atA = await api(a.server, 'POST', `/orders/${sale.id}/refunds`, {
      token: a.cashier,
      body: { line_items: [{ id: sale.line_items[0]?.id, quantity: 1 }] },
    });
    expect(atA.status, JSON.stringify(atA.body)).toBe(201);
    await waitFor("the sale and A's refund at B", async () => {
      const listed = await api<ShopOrder[]>(b.server, 'GET', `/orders?scope=shop&search=${sale.number}`, { token: b.cashier });
      return listed.body[0]?.refunded_total === '0.00' || listed.body.length === 0 ? undefined : true;
    });
    await stopTill(a);
    expect((await api(b.server, 'POST', '/registers/1/open', { token: b.cashier, body: { opening_float: '50.00' } })).status).toBe(201);

    const { page, pageErrors } = await openTill(harness, b.server);
    await logIn(page, b.server, 'cashier');
    await page.locator('#nav-history').click();
    await page.getByLabel('Receipt number, customer, item or amount').fill(sale.number);
    await page.locator('#order-search-shop').check();
    await page.getByRole('button', { name: 'Find orders' }).click();
    await page.locator('#history-table tr', { hasText: 'Till A' }).waitFor();
    await page.getByRole('button', { name: `Open order ${sale.number}`, exact: true }).click();
    await page.locator('#order-origin', { hasText: 'Sold at Till A' }).waitFor();
    // One coffee is left to refund: A gave the other back.
    const choice = page.getByLabel('Refund quantity of Coffee');
    expect(await choice.locator('option').allTextContents()).toEqual(['0', '1']);
    await choice.selectOption('1');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText(`on order ${sale.number}.`).waitFor();
    await screenshot(page, 'refund-anywhere');

    // B's copy of A's sale holds the refund, made at B.
    const [copy] = (await api<Order[]>(b.server, 'GET', '/orders', { token: b.cashier })).body;
    expect(copy).toMatchObject({ number: sale.number, origin: { till: { id: a.id } } });
    const refunds = (await api<OrderRefund[]>(b.server, 'GET', `/orders/${copy?.id ?? 0}/refunds`, { token: b.cashier })).body;
    expect(refunds.map((refund) => refund.amount)).toEqual([formatMoney(new Decimal(sale.total).div(2), 2)]);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
