import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Issue 25's product fields over HTTP: a product's own `low_stock_amount` (WooCommerce's field, kept
 * as its meta `_low_stock_amount`) and the store's `notify_low_stock_amount`, which together decide
 * the low-stock list (`low_in_stock=true`); and a product sold by weight (meta `_pos_sold_by_weight`),
 * whose lines take a decimal quantity while the shop's decimal quantities are off.
 */
const { server, tokens } = useServer({ roles: ['shop_manager', 'cashier'] });

async function create(body: Record<string, unknown>): Promise<any> {
  const answer = await api(server, 'POST', '/products', { token: tokens.shop_manager, body });
  expect(answer.status).toBe(201);
  return answer.body;
}

const patch = (id: number, body: Record<string, unknown>) => api(server, 'PATCH', `/products/${id}`, { token: tokens.shop_manager, body });

async function lowInStock(): Promise<string[]> {
  const answer = await api(server, 'GET', '/products?low_in_stock=true&per_page=100&_fields=sku', { token: tokens.shop_manager });
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ sku: string }>).map((product) => product.sku).sort();
}

describe("a product's low-stock amount", () => {
  it('is written, stored and answered as WooCommerce’s field, kept through a meta write, and cleared with null', async () => {
    const product = await create({ name: 'Oat Milk 1l', sku: 'LOW-OAT', regular_price: '1.80', manage_stock: true, stock_quantity: 9, low_stock_amount: 5 });
    expect(product.low_stock_amount).toBe(5);
    expect(product.meta_data.map((entry: { key: string }) => entry.key)).not.toContain('_low_stock_amount');
    const read = await api(server, 'GET', `/products/${product.id}`, { token: tokens.cashier });
    expect(read.body.low_stock_amount).toBe(5);

    // A form that sends only where the product sells keeps the amount.
    const moved = await patch(product.id, { meta_data: [{ key: '_pos_visibility', value: 'pos_only' }] });
    expect(moved.status).toBe(200);
    expect(moved.body.low_stock_amount).toBe(5);
    expect((await patch(product.id, { low_stock_amount: 7 })).body.low_stock_amount).toBe(7);
    const cleared = await patch(product.id, { low_stock_amount: null });
    expect(cleared.body.low_stock_amount).toBeNull();
    expect(cleared.body.meta_data).toEqual([expect.objectContaining({ key: '_pos_visibility', value: 'pos_only' })]);
  });

  it('refuses an amount that is not a whole number of at least 0, naming the field', async () => {
    const product = await create({ name: 'Rice 1kg', sku: 'LOW-RICE', regular_price: '2.10' });
    for (const amount of [-1, 1.5, 'three']) {
      const answer = await patch(product.id, { low_stock_amount: amount });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.data.params)).toEqual(['low_stock_amount']);
    }
  });

  it('is a variation’s own too', async () => {
    const parent = await create({ name: 'Socks', sku: 'LOW-SOCKS', type: 'variable', attributes: [{ name: 'Size', variation: true, options: ['M'] }] });
    const variation = await api(server, 'POST', `/products/${parent.id}/variations`, {
      token: tokens.shop_manager,
      body: { sku: 'LOW-SOCKS-M', regular_price: '4.00', attributes: [{ name: 'Size', option: 'M' }], low_stock_amount: 3 },
    });
    expect(variation.status).toBe(201);
    expect(variation.body.low_stock_amount).toBe(3);
    const read = await api(server, 'GET', `/products/${parent.id}/variations/${variation.body.id}`, { token: tokens.cashier });
    expect(read.body.low_stock_amount).toBe(3);
  });
});

describe('the low-stock list', () => {
  it("lists managed stock at or under the product's own amount, else the store's (2 until the manager changes it)", async () => {
    await create({ name: 'Flour', sku: 'LOWLIST-OWN', regular_price: '1.00', manage_stock: true, stock_quantity: 4, low_stock_amount: 5 });
    await create({ name: 'Sugar', sku: 'LOWLIST-3', regular_price: '1.00', manage_stock: true, stock_quantity: 3 });
    await create({ name: 'Salt', sku: 'LOWLIST-2', regular_price: '1.00', manage_stock: true, stock_quantity: 2 });
    await create({ name: 'Yeast', sku: 'LOWLIST-LOWER', regular_price: '1.00', manage_stock: true, stock_quantity: 2, low_stock_amount: 1 });
    const store = await api(server, 'GET', '/stores/1', { token: tokens.shop_manager });
    expect(store.body.notify_low_stock_amount).toBe(2);
    expect((await lowInStock()).filter((sku) => sku.startsWith('LOWLIST'))).toEqual(['LOWLIST-2', 'LOWLIST-OWN']);

    const raised = await api(server, 'PATCH', '/stores/1', { token: tokens.shop_manager, body: { notify_low_stock_amount: 3 } });
    expect(raised.status).toBe(200);
    expect(raised.body.notify_low_stock_amount).toBe(3);
    expect((await lowInStock()).filter((sku) => sku.startsWith('LOWLIST'))).toEqual(['LOWLIST-2', 'LOWLIST-3', 'LOWLIST-OWN']);
    const refused = await api(server, 'PATCH', '/stores/1', { token: tokens.shop_manager, body: { notify_low_stock_amount: -1 } });
    expect(refused.status).toBe(400);
    await api(server, 'PATCH', '/stores/1', { token: tokens.shop_manager, body: { notify_low_stock_amount: 2 } });
  });
});

describe('a product sold by weight', () => {
  it('takes a decimal quantity while decimal quantities are off; a product not sold by weight keeps whole ones', async () => {
    const general = await api(server, 'GET', '/settings/general', { token: tokens.shop_manager });
    expect(general.body.decimal_qty).toBe(false);
    const cheese = await create({
      name: 'Cheddar (per kg)',
      sku: 'KG-CHEDDAR',
      regular_price: '12.00',
      meta_data: [{ key: '_pos_sold_by_weight', value: 'yes' }],
    });
    const loaf = await create({ name: 'Loaf', sku: 'KG-LOAF', regular_price: '1.50' });

    const weighed = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: cheese.id, quantity: 0.35 }] } });
    expect(weighed.status).toBe(201);
    expect(weighed.body.line_items[0].quantity).toBe(0.35);
    expect(weighed.body.line_items[0].subtotal).toBe('4.20');
    const reweighed = await api(server, 'PATCH', `/orders/${weighed.body.id}`, {
      token: tokens.cashier,
      body: { line_items: [{ id: weighed.body.line_items[0].id, quantity: 0.4 }] },
    });
    expect(reweighed.status).toBe(200);
    expect(reweighed.body.line_items[0].quantity).toBe(0.4);

    const refused = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: loaf.id, quantity: 0.5 }] } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data.params)).toEqual(['line_items[0].quantity']);
    const whole = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: loaf.id, quantity: 1 }] } });
    const halved = await api(server, 'PATCH', `/orders/${whole.body.id}`, {
      token: tokens.cashier,
      body: { line_items: [{ id: whole.body.line_items[0].id, quantity: 1.5 }] },
    });
    expect(halved.status).toBe(400);
  });

  it('takes a decimal quantity for a variation sold by weight, or whose product is, priced as the simple case', async () => {
    const variationOf = async (parent: number, option: string, price: string, meta: Array<{ key: string; value: string }> = []) => {
      const answer = await api(server, 'POST', `/products/${parent}/variations`, {
        token: tokens.shop_manager,
        body: { regular_price: price, attributes: [{ name: 'Age', option }], meta_data: meta },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    };
    const ages = [{ name: 'Age', variation: true, options: ['Mild', 'Mature'] }];
    const byParent = await create({ name: 'Gouda (per kg)', type: 'variable', attributes: ages, meta_data: [{ key: '_pos_sold_by_weight', value: 'yes' }] });
    const mature = await variationOf(byParent.id, 'Mature', '12.00');
    const byItself = await create({ name: 'Comté', type: 'variable', attributes: ages });
    const mild = await variationOf(byItself.id, 'Mild', '12.00', [{ key: '_pos_sold_by_weight', value: 'yes' }]);
    const whole = await variationOf(byItself.id, 'Mature', '12.00');
    const sell = (product: number, variation: number, quantity: number) =>
      api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: product, variation_id: variation, quantity }] } });
    for (const [product, variation] of [
      [byParent.id as number, mature],
      [byItself.id as number, mild],
    ] as const) {
      const weighed = await sell(product, variation, 0.35);
      expect([weighed.status, weighed.body.line_items[0].quantity, weighed.body.line_items[0].subtotal]).toEqual([201, 0.35, '4.20']);
    }
    const refused = await sell(byItself.id as number, whole, 0.35);
    expect([refused.status, Object.keys(refused.body.data.params)]).toEqual([400, ['line_items[0].quantity']]);
  });
});
