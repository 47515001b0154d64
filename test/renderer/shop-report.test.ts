/**
 * The managers' Shop tab, in real Chromium against a real server: the shop's X report of the day
 * as a table, one row per till (a till alone: itself) and the shop's sums under them, and another
 * day on request.
 */
import { describe, expect, it } from 'vitest';
import type { ShopReport } from '../../shared/resources/shop-report.js';
import { manageScreenshot, openManage, serverAs } from '../helpers/manage-page.js';
import { openTill, tableRows, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

/** The texts of a table row's header and cells. */
const rowTexts = (row: import('playwright-core').Locator) => row.locator('th, td').allTextContents();

describe('managers’ screens: the shop’s X report', () => {
  it('shows the day’s sale in this till’s row and in the shop’s, and an empty day when asked for one', async () => {
    const register = (await serverAs(server, 'cashier', 'GET', '/registers/1')).body as { session: unknown };
    if (register.session === null) expect((await serverAs(server, 'cashier', 'POST', '/registers/1/open', { opening_float: '50.00' })).status).toBe(201);
    const order = (await serverAs(server, 'cashier', 'POST', '/orders', { line_items: [{ sku: 'COF-009', quantity: 2 }] })).body as { id: number };
    expect(
      (await serverAs(server, 'cashier', 'POST', `/orders/${order.id}/checkout`, { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } }))
        .status,
    ).toBe(200);
    const report = (await serverAs(server, 'shop_manager', 'GET', '/reports/shop')).body as ShopReport;
    const [self] = report.tills;
    expect(self?.sales).toBe(1);

    const { page, pageErrors } = await openTill(harness, server);
    await openManage(page, server, 'shop_manager', 'Shop');
    await tableRows(page, '#shop-report-table', 1);
    const tillRow = await rowTexts(page.locator('#shop-report-table tbody tr').first());
    const shopRow = await rowTexts(page.locator('#shop-report-table tfoot tr'));
    expect(tillRow[0]).toBe('This till');
    expect(shopRow[0]).toBe('Shop');
    // Sales, their amount, refunds, refunded, net and the tenders: the same in the till's row and the shop's.
    expect(tillRow.slice(1, 7)).toEqual(shopRow.slice(1, 7));
    expect(tillRow[1]).toBe('1');
    expect(tillRow[2]).toContain(self?.sales_amount);
    expect(tillRow[5]).toContain(self?.net);
    expect(tillRow[6]).toBe(`Cash ${tillRow[2] ?? ''}`);
    expect(tillRow[7]).not.toBe('none yet');
    await manageScreenshot(page, 'shop-report');

    await page.getByLabel('Day (today when empty)').fill('2020-01-01');
    await page.getByRole('button', { name: 'Show the day' }).click();
    await page.getByRole('heading', { name: /X report of 2020-01-01/ }).waitFor();
    await tableRows(page, '#shop-report-table', 1);
    const emptyDay = await rowTexts(page.locator('#shop-report-table tbody tr').first());
    expect(emptyDay[1]).toBe('0');
    expect(emptyDay[6]).toBe('—');
    expect(pageErrors).toEqual([]);
  });
});
