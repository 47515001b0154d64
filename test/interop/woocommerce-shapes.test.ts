import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addCoupon, addCustomer } from '../helpers/shop-data.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { validate, type Schema } from './validate.js';

/** WooCommerce 10's v3 schemas, written from its controllers (test/interop/schemas). */
function schema(name: string): Schema {
  return JSON.parse(readFileSync(new URL(`./schemas/${name}.json`, import.meta.url), 'utf8')) as Schema;
}

let orderId: number;
let refundId: number;

const get = async (path: string) => {
  const response = await api(server, 'GET', path, { token: tokens.administrator });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
};

function expectValid(value: unknown, name: string): void {
  expect(validate(value, schema(name)), name).toEqual([]);
}

const { server, tokens, catalogue } = useServer({ roles: ['administrator'], store: 'uk', catalogue: 'sale' }, async () => {
  addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
  const customer = addCustomer(server, 'ada@example.test');
  const created = await api(server, 'POST', '/orders', {
    token: tokens.administrator,
    body: {
      customer_id: customer,
      line_items: [
        { product_id: catalogue.coffee, quantity: 2 },
        { variation_id: catalogue.shirtRed, quantity: 1 },
      ],
      coupon_lines: [{ code: 'TEN' }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', total: '5.00' }],
      fee_lines: [{ name: 'Gift wrap', total: '2.00' }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  orderId = created.body.id;
  const paid = await api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.administrator,
    headers: { 'Idempotency-Key': `pay-${orderId}` },
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '100.00' } },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = await get(`/orders/${orderId}`);
  const coffeeLine = order.line_items[0].id as number;
  const shippingLine = order.shipping_lines[0].id as number;
  const feeLine = order.fee_lines[0].id as number;
  const refund = await api(server, 'POST', `/orders/${orderId}/refunds`, {
    token: tokens.administrator,
    body: {
      line_items: [
        { id: coffeeLine, quantity: 1 },
        { id: shippingLine, refund_total: '5.00' },
        { id: feeLine, refund_total: '2.00' },
      ],
      reason: 'spilt',
      refund_destination: 'pos_cash',
    },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  refundId = refund.body.id;
});

describe('every resource against WooCommerce 10 schemas', () => {
  it('products and variations: lists and single items, with absolute permalinks', async () => {
    const products = await get('/products?per_page=100');
    expect(products.length).toBeGreaterThan(3);
    for (const product of products) expectValid(product, 'product');
    const shirt = await get(`/products/${catalogue.shirt}`);
    expectValid(shirt, 'product');
    expect(shirt.permalink).toBe(`${server.origin}/app/#/product/${catalogue.shirt}`);
    for (const variation of await get('/products/variations')) expectValid(variation, 'variation');
    for (const variation of await get(`/products/${catalogue.shirt}/variations`)) expectValid(variation, 'variation');
    const red = await get(`/products/variations/${catalogue.shirtRed}`);
    expectValid(red, 'variation');
    expect(red).not.toHaveProperty('price_html');
    expectValid(await get(`/products/${catalogue.shirt}/variations/${catalogue.shirtRed}`), 'variation');
  });

  it('a paid and refunded order with a coupon, shipping, a fee and a variation line', async () => {
    const order = await get(`/orders/${orderId}`);
    expectValid(order, 'order');
    expect(order.status).toBe('processing');
    expect([order.coupon_lines.length, order.shipping_lines.length, order.fee_lines.length, order.refunds.length]).toEqual([1, 1, 1, 1]);
    const variationLine = order.line_items.find((line: { variation_id: number }) => line.variation_id === catalogue.shirtRed);
    // WooCommerce keeps the variation's attribute choices on the sale's line.
    expect(variationLine.meta_data.length).toBeGreaterThan(0);
    expect(order._links.payment[0].href).toBe(`${server.apiUrl}/orders/${orderId}/checkout`);
    expect(order._links.receipt[0].href).toBe(`${server.apiUrl}/receipts/${orderId}`);
    for (const listed of await get('/orders')) expectValid(listed, 'order');
    const refund = await get(`/orders/${orderId}/refunds/${refundId}`);
    expectValid(refund, 'order-refund');
    expect([refund.line_items.length, refund.shipping_lines.length, refund.fee_lines.length]).toEqual([1, 1, 1]);
    for (const listed of await get(`/orders/${orderId}/refunds`)) expectValid(listed, 'order-refund');
  });

  it('customers, coupons, taxes, tax classes, terms, gateways, shipping methods and order statuses', async () => {
    const customers = await get('/customers');
    for (const customer of customers) expectValid(customer, 'customer');
    expectValid(await get(`/customers/${customers[0].id}`), 'customer');
    const coupons = await get('/coupons');
    for (const coupon of coupons) expectValid(coupon, 'coupon');
    expectValid(await get(`/coupons/${coupons[0].id}`), 'coupon');
    for (const rate of await get('/taxes')) expectValid(rate, 'tax');
    expectValid(await get(`/taxes/${catalogue.rates.standard}`), 'tax');
    for (const taxClass of await get('/taxes/classes')) expectValid(taxClass, 'tax-class');
    const categories = await get('/products/categories');
    for (const category of categories) expectValid(category, 'product-category');
    expectValid(await get(`/products/categories/${categories[0].id}`), 'product-category');
    const brand = await api(server, 'POST', '/products/brands', { token: tokens.administrator, body: { name: 'Acme' } });
    const tag = await api(server, 'POST', '/products/tags', { token: tokens.administrator, body: { name: 'Organic' } });
    expectValid(await get(`/products/brands/${brand.body.id}`), 'product-brand');
    for (const listed of await get('/products/tags')) expectValid(listed, 'product-tag');
    expectValid(await get(`/products/tags/${tag.body.id}`), 'product-tag');
    for (const gateway of await get('/payment-gateways')) expectValid(gateway, 'payment-gateway');
    for (const method of await get('/shipping_methods')) expectValid(method, 'shipping-method');
    for (const status of await get('/data/order_statuses')) expectValid(status, 'order-status');
  });
});
