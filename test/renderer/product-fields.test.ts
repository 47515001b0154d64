/**
 * Issue 25's product fields in real Chromium against a real server with the demo catalogue: a
 * manager adds a cheese sold by weight with its own low-stock amount in the Products form, finds it
 * in Low stock, sets the shop's amount there; a cashier adds the cheese by its tile, types its weight
 * and the sale holds 0.35 kg while the shop's decimal quantities are off. Every figure checked is
 * the server's.
 */
import { describe, expect, it } from 'vitest';
import { cartOrderId, searchFor, serverOrder } from '../helpers/counter.js';
import { openManage, saved, serverAs } from '../helpers/manage-page.js';
import { cartSettled, gridReady, logIn, openTill, scan, screenshot, useHarness } from '../helpers/till-page.js';

const { harness, server } = useHarness({ catalogue: true });

const CHEESE = { name: 'Farmhouse Cheddar (per kg)', sku: 'CHD-KG', price: '12.00' };

async function cheese(): Promise<any> {
  const found = await serverAs(server, 'shop_manager', 'GET', `/products?sku=${CHEESE.sku}`);
  expect(found.body).toHaveLength(1);
  return found.body[0];
}

describe('sold by weight and low stock in the product form', () => {
  it('adds a product sold by weight with its own low-stock amount, lists it as low, and changes the shop’s amount', async () => {
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await openManage(page, server, 'shop_manager', 'Products');
    await page.getByRole('button', { name: 'Add product' }).first().click();
    const form = page.getByRole('form', { name: 'Add a product' });
    await form.getByLabel('Name').fill(CHEESE.name);
    await form.getByLabel('SKU (stock code)').fill(CHEESE.sku);
    await form.getByLabel('Price').fill(CHEESE.price);
    await form.getByLabel('Sells by').selectOption('yes');
    // A typed amount that is no whole number is refused under its field, and nothing is sent.
    await form.getByLabel('Low stock at').fill('two');
    await form.getByRole('button', { name: 'Add product' }).click();
    await page.locator('#product-low-stock-error').waitFor();
    expect((await serverAs(server, 'shop_manager', 'GET', `/products?sku=${CHEESE.sku}`)).body).toHaveLength(0);
    await form.getByLabel('Low stock at').fill('3');
    await form.getByRole('button', { name: 'Add product' }).click();
    await saved(page, `${CHEESE.name} is added.`);
    const added = await cheese();
    expect(added.low_stock_amount).toBe(3);
    expect(added.meta_data).toContainEqual(expect.objectContaining({ key: '_pos_sold_by_weight', value: 'yes' }));
    await serverAs(server, 'shop_manager', 'POST', `/products/${added.id}/stock`, { adjust: 3, reason: 'received', note: '' });

    // Low stock: 3 kg is at its own amount (3), above the shop's (2).
    await page.getByRole('tab', { name: 'Stock', exact: true }).click();
    const low = page.getByRole('list', { name: 'Products low in stock' });
    await low.getByRole('button', { name: `${CHEESE.name}: 3 left (low at 3)` }).waitFor();
    expect(await page.getByLabel('Low means at most').inputValue()).toBe('2');
    const serverLow = (await serverAs(server, 'shop_manager', 'GET', '/products?low_in_stock=true&per_page=100&_fields=name')).body;
    expect(await low.getByRole('button').count()).toBe(serverLow.length);

    // Its own amount cleared in the form: the shop's 2 applies, and 3 kg is no longer low.
    await page.getByRole('tab', { name: 'Products', exact: true }).click();
    await page.getByLabel('Name, SKU or barcode').fill(CHEESE.sku);
    await page.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Edit ${CHEESE.name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${CHEESE.name}` });
    expect(await edit.getByLabel('Low stock at').inputValue()).toBe('3');
    expect(await edit.getByLabel('Sells by').inputValue()).toBe('yes');
    await edit.getByLabel('Low stock at').fill('');
    await page.getByRole('button', { name: 'Save product' }).click();
    await saved(page, `${CHEESE.name} is saved.`);
    const edited = await cheese();
    expect(edited.low_stock_amount).toBeNull();
    expect(edited.meta_data).toContainEqual(expect.objectContaining({ key: '_pos_sold_by_weight', value: 'yes' }));

    // The shop's amount, set in Low stock, is the store's and lists the cheese again.
    await page.getByRole('tab', { name: 'Stock', exact: true }).click();
    await page.getByLabel('Low means at most').fill('4');
    await page.getByRole('form', { name: 'The shop’s low stock amount' }).getByRole('button', { name: 'Save' }).click();
    await saved(page, 'Low stock is now at most 4');
    expect((await serverAs(server, 'shop_manager', 'GET', '/stores/1')).body.notify_low_stock_amount).toBe(4);
    await low.getByRole('button', { name: `${CHEESE.name}: 3 left` }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('asks the weight of a product sold by weight at the till and sells 0.35 kg with decimal quantities off', async () => {
    expect((await serverAs(server, 'shop_manager', 'GET', '/settings/general')).body.decimal_qty).toBe(false);
    const { page, pageErrors } = await openTill(harness, server, { viewport: { width: 1366, height: 768 } });
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Farmhouse Cheddar');
    await page.getByRole('button', { name: CHEESE.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Weigh ${CHEESE.name}` });
    await dialog.getByLabel('Weight in kg').fill('0.35');
    await screenshot(page, 'weigh');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cartSettled(page);
    const order = await serverOrder(server, await cartOrderId(page));
    expect(order.line_items.map((line: { name: string; quantity: number; subtotal: string }) => [line.name, line.quantity, line.subtotal])).toEqual([
      [CHEESE.name, 0.35, '4.20'],
    ]);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('asks the weight of a variation sold by weight, or of one whose product is, by tapping and by scanning', async () => {
    const ages = [{ name: 'Kind', variation: true, options: ['Mature', 'Green'] }];
    const byWeight = [{ key: '_pos_sold_by_weight', value: 'yes' }];
    const variable = async (name: string, meta: typeof byWeight): Promise<number> =>
      (await serverAs(server, 'shop_manager', 'POST', '/products', { name, type: 'variable', attributes: ages, meta_data: meta })).body.id as number;
    const variation = async (parent: number, body: Record<string, unknown>): Promise<number> => {
      const made = await serverAs(server, 'shop_manager', 'POST', `/products/${parent}/variations`, body);
      expect(made.status).toBe(201);
      return made.body.id as number;
    };
    // Sold by weight through its product (tapped), and by itself with a barcode of its own (scanned).
    const gouda = await variable('Gouda (per kg)', byWeight);
    const mature = await variation(gouda, { regular_price: '12.99', attributes: [{ name: 'Kind', option: 'Mature' }] });
    const olives = await variable('Olives (per kg)', []);
    const green = await variation(olives, {
      regular_price: '9.99',
      barcode: '5012345678900',
      meta_data: byWeight,
      attributes: [{ name: 'Kind', option: 'Green' }],
    });

    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await searchFor(page, 'Gouda');
    await page.getByRole('button', { name: 'Gouda (per kg)', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Choose Gouda (per kg)' })
      .getByRole('button', { name: /^Mature/ })
      .click();
    const goudaDialog = page.getByRole('dialog', { name: 'Weigh Gouda (per kg) Mature' });
    expect(await goudaDialog.textContent()).toContain('$12.99 a kilogram');
    // The same rules as a simple product's weight: at most three decimals.
    await goudaDialog.getByLabel('Weight in kg').fill('0.3555');
    await goudaDialog.getByRole('button', { name: 'Add' }).click();
    await goudaDialog.locator('#weigh-error', { hasText: 'at most 3 decimal places' }).waitFor();
    expect((await goudaDialog.getByRole('button', { name: 'Add' }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await goudaDialog.getByLabel('Weight in kg').fill('0.355');
    await goudaDialog.getByRole('button', { name: 'Add' }).click();
    await goudaDialog.waitFor({ state: 'detached' });
    await cartSettled(page);

    await scan(page, '5012345678900');
    const olivesDialog = page.getByRole('dialog', { name: 'Weigh Olives (per kg) Green' });
    await olivesDialog.getByLabel('Weight in kg').fill('0.5');
    await olivesDialog.getByRole('button', { name: 'Add' }).click();
    await olivesDialog.waitFor({ state: 'detached' });
    await cartSettled(page);

    const order = await serverOrder(server, await cartOrderId(page));
    const lines = order.line_items.map((line: { variation_id: number; quantity: number; subtotal: string }) => [
      line.variation_id,
      line.quantity,
      line.subtotal,
    ]);
    // Price times weight, rounded as for a simple product sold by weight at the same price and weight.
    const simple = await serverAs(server, 'shop_manager', 'POST', '/products', { name: 'Loose olives', regular_price: '9.99', meta_data: byWeight });
    const simpleSale = await serverAs(server, 'cashier', 'POST', '/orders', { line_items: [{ product_id: simple.body.id, quantity: 0.5 }] });
    expect(lines).toEqual([
      [mature, 0.355, '4.61'],
      [green, 0.5, simpleSale.body.line_items[0].subtotal],
    ]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('sells the weight a scale’s label carries when the label is scanned, without asking for it', async () => {
    // The scale prints the product's code with the weight in it: 2012345012349 is 1.234 kg of 2012345000001.
    const apples = await serverAs(server, 'shop_manager', 'POST', '/products', {
      name: 'Apples (per kg)',
      barcode: '2012345000001',
      regular_price: '2.40',
      meta_data: [{ key: '_pos_sold_by_weight', value: 'yes' }],
    });
    expect(apples.status).toBe(201);
    const { page, pageErrors } = await openTill(harness, server);
    await logIn(page, server, 'cashier');
    await gridReady(page);
    await scan(page, '2012345012349');
    await page.locator('#cart .cart-lines li').first().waitFor();
    await cartSettled(page);
    expect(await page.getByRole('dialog', { name: 'Weigh Apples (per kg)' }).count()).toBe(0);
    const order = await serverOrder(server, await cartOrderId(page));
    expect(order.line_items.map((line: { product_id: number; quantity: number; subtotal: string }) => [line.product_id, line.quantity, line.subtotal])).toEqual(
      [[apples.body.id, 1.234, '2.96']],
    );
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
