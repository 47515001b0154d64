/**
 * The managers' Products and Stock screens (issue 25, "Products and stock for managers"), in real
 * Chromium against a real server with the demo catalogue: a manager adds a product with a barcode,
 * receives 12 by scanning it, sells one by scanning it at the till, counts the shelf, and finds it
 * in the low-stock list; every figure checked is the server's.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { manageScreenshot, openManage, saved, serverAs } from '../helpers/manage-page.js';
import { connect } from '../helpers/sync.js';
import { startWooCommerceDouble } from '../helpers/woocommerce-double.js';
import { cartSettled, gridReady, logIn, openTill, scan, tableRows, useHarness } from '../helpers/till-page.js';

// A file secret store: the last test connects the till to the WooCommerce double.
const { harness, server } = useHarness({ catalogue: true, secretStore: 'file' });

const TEA = { name: 'Assam Loose Tea 250g', sku: 'TEA-ASM-250', barcode: '4006381333931', price: '6.40' };

async function tea(): Promise<any> {
  const found = await serverAs(server, 'shop_manager', 'GET', `/products?sku=${TEA.sku}`);
  expect(found.body).toHaveLength(1);
  return found.body[0];
}

async function ledgerOf(id: number): Promise<Array<{ change: number; balance: number; reason: string; note: string }>> {
  return (await serverAs(server, 'shop_manager', 'GET', `/products/${id}/stock?per_page=50`)).body;
}

async function openTab(page: Page, tab: string): Promise<void> {
  await page.locator('#nav-settings').click();
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

/** The screen from its top (a save scrolls to its message), for the README's copy in docs/screenshots. */
async function topScreenshot(page: Page, name: string): Promise<void> {
  // The page scrolls inside its content pane, not the window.
  await page.locator('main.content').evaluate((element) => {
    element.scrollTo(0, 0);
  });
  await manageScreenshot(page, name);
}

/**
 * A scan with the focus nowhere in particular (a heading clicked), until `shown` appears. On a
 * loaded machine the typed burst can arrive with gaps a scanner never leaves, and the till then
 * rightly takes it for typing; the cashier scans again, and so does the test (five times at most).
 */
async function scanUntil(page: Page, code: string, shown: Locator | (() => Promise<unknown>)): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.locator('h1:visible, h2:visible').first().click();
    await scan(page, code);
    try {
      await (typeof shown === 'function' ? shown() : shown.waitFor({ timeout: 5_000 }));
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

describe('the managers’ catalogue screens', () => {
  it('adds a product with a barcode, receives 12 by scan, sells one by scan, counts the shelf and lists it as low', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Products');

    // Products: the new product's fields, saved by the server as typed.
    await page.getByRole('button', { name: 'Add product' }).first().click();
    const form = page.getByRole('form', { name: 'Add a product' });
    await form.getByLabel('Name').fill(TEA.name);
    await form.getByLabel('SKU (stock code)').fill(TEA.sku);
    // The barcode scanned while the form is open.
    const barcodeField = form.getByLabel('Barcode');
    await scanUntil(page, TEA.barcode, () => expect.poll(() => barcodeField.inputValue(), { timeout: 5_000 }).toBe(TEA.barcode));
    await form.getByLabel('Price').fill(TEA.price);
    await form.getByLabel('Tax class').selectOption('zero-rate');
    await form.getByLabel('Category').selectOption({ label: 'Tea' });
    await form.getByLabel('Picture (web address)').fill(`${server.origin}/app/favicon.svg`);
    await form.getByLabel('Sold').selectOption('pos_only');
    await form.getByRole('button', { name: 'Add product' }).click();
    await saved(page, `${TEA.name} is added.`);
    const added = await tea();
    expect(added).toMatchObject({
      name: TEA.name,
      global_unique_id: TEA.barcode,
      regular_price: TEA.price,
      tax_class: 'zero-rate',
      manage_stock: true,
      stock_quantity: 0,
    });
    expect(added.categories.map((category: { name: string }) => category.name)).toEqual(['Tea']);
    expect(added.images[0].src).toBe(`${server.origin}/app/favicon.svg`);
    expect(added.meta_data).toContainEqual(expect.objectContaining({ key: '_pos_visibility', value: 'pos_only' }));
    await topScreenshot(page, 'products');

    // A second product with the same SKU: the server's refusal shows under the SKU field.
    await page.getByRole('button', { name: 'Add product' }).first().click();
    const second = page.getByRole('form', { name: 'Add a product' });
    await second.getByLabel('Name').fill('Assam again');
    await second.getByLabel('SKU (stock code)').fill(TEA.sku);
    await second.getByRole('button', { name: 'Add product' }).click();
    await page.locator('#product-sku-error').waitFor();
    expect(await page.locator('#product-sku').getAttribute('aria-invalid')).toBe('true');
    expect((await serverAs(server, 'shop_manager', 'GET', `/products?sku=${TEA.sku}`)).body).toHaveLength(1);

    // The list finds it by its barcode; editing it sends the changed price.
    await page.getByLabel('Name, SKU or barcode').fill(TEA.barcode);
    await page.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Find' }).click();
    await tableRows(page, '#products-table', 1);
    expect(await page.locator('#products-table tbody tr', { hasText: TEA.name }).count()).toBe(1);
    await page.getByRole('button', { name: `Edit ${TEA.name}` }).click();
    await page
      .getByRole('form', { name: `Edit ${TEA.name}` })
      .getByLabel('Price')
      .fill('6.50');
    await page.getByRole('button', { name: 'Save product' }).click();
    await saved(page, `${TEA.name} is saved.`);
    expect((await tea()).regular_price).toBe('6.50');

    // Stock: a delivery of 12, found by scanning the barcode.
    await page.getByRole('tab', { name: 'Stock', exact: true }).click();
    await page.getByRole('form', { name: 'Receive a delivery' }).waitFor();
    const delivered = page.getByLabel(`How many of ${TEA.name} came`);
    await scanUntil(page, TEA.barcode, delivered);
    expect(await delivered.inputValue()).toBe('1');
    await delivered.fill('12');
    await page.getByLabel('Delivery note or supplier (optional)').fill('Leafline delivery 881');
    await page.getByRole('button', { name: 'Receive delivery' }).click();
    await saved(page, 'The delivery is received.');
    expect((await tea()).stock_quantity).toBe(12);

    // The till: the manager sells one by scanning it, for cash.
    await page.locator('#nav-sell').click();
    await gridReady(page);
    await scanUntil(page, TEA.barcode, page.getByRole('region', { name: 'Cart' }).getByText(TEA.name));
    await cartSettled(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByLabel('Cash tendered').fill('10.00');
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.locator('#change-due').waitFor();
    await page.getByRole('button', { name: 'New sale' }).click();
    const sold = await tea();
    expect(sold.stock_quantity).toBe(11);

    // The ledger shows the delivery and the sale, as the server keeps them.
    await openTab(page, 'Stock');
    await page.getByLabel('Scan a barcode, or type a SKU or name').fill(TEA.sku);
    await page.getByRole('search', { name: 'Find a product for stock' }).getByRole('button', { name: 'Find' }).click();
    await page.locator('#stock-chosen', { hasText: `${TEA.name}: 11 in stock` }).waitFor();
    const ledger = page.locator('#stock-ledger[aria-busy="false"]');
    const rows = ledger.locator('tbody tr');
    await rows.filter({ hasText: 'Sale' }).waitFor();
    const entries = await ledgerOf(added.id);
    expect(entries.slice(0, 2).map((entry) => [entry.reason, entry.change, entry.balance])).toEqual([
      ['sale', -1, 11],
      ['received', 12, 12],
    ]);
    expect(await rows.count()).toBe(entries.length);
    // Who sold: the manager rang the sale up at the till; who received: the manager too.
    const manager = server.users.shop_manager.username;
    expect(await rows.nth(0).locator('td').nth(1).textContent()).toBe('Sale');
    expect(await rows.nth(0).locator('td').nth(2).textContent()).toBe(manager);
    expect(await rows.nth(0).locator('td').nth(3).textContent()).toBe('-1');
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual([expect.any(String), 'Delivery received', manager, '+12', '12', 'Leafline delivery 881']);

    // A stocktake: 9 on the shelf; the ledger records the difference with its reason.
    await page.getByLabel('Counted on the shelf').fill('9');
    await page.getByLabel('Why it differs').fill('two tins dented, thrown away');
    await page.getByRole('button', { name: 'Record count' }).click();
    await saved(page, `The count of ${TEA.name} is recorded.`);
    expect((await tea()).stock_quantity).toBe(9);
    const counted = (await ledgerOf(added.id))[0];
    expect(counted).toMatchObject({ reason: 'counted', change: -2, balance: 9, note: 'two tins dented, thrown away' });
    await rows.filter({ hasText: 'Stocktake' }).filter({ hasText: 'two tins dented, thrown away' }).waitFor();

    // Low stock: the shop's amount raised to 10 lists it, with what the server holds.
    await page.getByLabel('Low means at most').fill('10');
    await page.getByRole('form', { name: 'The shop’s low stock amount' }).getByRole('button', { name: 'Save' }).click();
    const low = page.getByRole('list', { name: 'Products low in stock' });
    await low.getByRole('button', { name: `${TEA.name}: 9 left` }).waitFor();
    const serverLow = (await serverAs(server, 'shop_manager', 'GET', '/products?low_in_stock=true&per_page=100&_fields=name')).body;
    expect(await low.getByRole('button').count()).toBe(serverLow.length);
    await topScreenshot(page, 'stock');
    expect(pageErrors).toEqual([]);
    // A walk through three screens and a sale on a loaded machine: more than the default 30 s.
  }, 120_000);

  it('imports a delivery from a CSV in the Import screen: the Stock column added to the stock, as received', async () => {
    const before = await tea();
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Import');
    const csv = `SKU,Type,Name,Regular price,Stock\n${TEA.sku},simple,${TEA.name},6.50,5\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'leafline-882.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('The Stock column').selectOption({ label: 'Adds to the stock (a delivery received)' });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await saved(page, 'The import has finished.');
    const after = await tea();
    expect(after.stock_quantity).toBe(Number(before.stock_quantity) + 5);
    expect((await ledgerOf(after.id))[0]).toMatchObject({ reason: 'received', change: 5, reference: 'leafline-882.csv' });
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('keeps the Products and Stock tabs from a cashier', async () => {
    const { page } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    // A cashier has no managers' screen at all, or one without these tabs.
    if ((await page.locator('#nav-settings').count()) > 0) await page.locator('#nav-settings').click();
    await page.locator('#session-bar').waitFor();
    expect(await page.getByRole('tab', { name: 'Products', exact: true }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Stock', exact: true }).count()).toBe(0);
  });

  it('says up front and on saving that WooCommerce manages the catalogue while connected, and still receives stock', async () => {
    const double = await startWooCommerceDouble();
    try {
      await connect(server, double);
      const grinder = (await serverAs(server, 'shop_manager', 'GET', '/products?search=Hand%20Burr%20Grinder')).body[0];
      const { page, pageErrors } = await openTill(harness, server);
      await openManage(page, server, 'shop_manager', 'Products');
      await page.getByLabel('Name, SKU or barcode').fill('Hand Burr Grinder');
      await page.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Find' }).click();
      await page.getByRole('button', { name: 'Edit Hand Burr Grinder' }).click();
      await page.locator('#product-form-managed', { hasText: 'WooCommerce manages the catalogue: change it there.' }).waitFor();
      await page.getByRole('form', { name: 'Edit Hand Burr Grinder' }).getByLabel('Price').fill('99.00');
      await page.getByRole('button', { name: 'Save product' }).click();
      await page.locator('#status:not(.status-info) #status-message', { hasText: 'WooCommerce manages the catalogue: change it there.' }).waitFor();
      const unchanged = (await serverAs(server, 'shop_manager', 'GET', `/products/${grinder.id}`)).body;
      expect(unchanged.regular_price).toBe(grinder.regular_price);

      // Stock stays the till's: a delivery is received as ever.
      await page.getByRole('tab', { name: 'Stock', exact: true }).click();
      await page.getByLabel('Scan a barcode, or type a SKU or name').fill('Hand Burr Grinder');
      await page.getByRole('search', { name: 'Find a product for stock' }).getByRole('button', { name: 'Find' }).click();
      await page.getByRole('button', { name: 'Add to delivery' }).click();
      await page.getByLabel('How many of Hand Burr Grinder came').fill('2');
      await page.getByRole('button', { name: 'Receive delivery' }).click();
      await saved(page, 'The delivery is received.');
      expect((await serverAs(server, 'shop_manager', 'GET', `/products/${grinder.id}`)).body.stock_quantity).toBe(Number(grinder.stock_quantity) + 2);
      expect(pageErrors).toEqual([]);
    } finally {
      await double.close();
    }
  }, 60_000);
});
