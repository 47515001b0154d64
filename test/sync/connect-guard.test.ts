import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/composition.js';
import { ApiError } from '../../server/domain/errors.js';
import { readCsv } from '../../server/domain/import/csv.js';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { connect, connectionOf, FAST_SETTINGS, outboxEntries, waitFor } from '../helpers/sync.js';

/**
 * While the till is connected, WooCommerce masters the catalogue (issue 23, item 2): the server pulls
 * it every interval, and catalogue writes at the till answer 409 `pos_sync_catalogue_managed`, except
 * stock adjustments, which go up through the outbox.
 */
let double: WooCommerceDouble;
let server: TestServer;
let token: string;
let local: { id: number; categoryId: number; couponId: number };
let wooId: number;

const call = (method: string, path: string, body?: unknown) => api(server, method, path, { token, body });

beforeAll(async () => {
  double = await startWooCommerceDouble();
  server = await startTestServer({ secretStore: 'file' });
  token = (await login(server, 'shop_manager')).access_token;
  // Made while not connected: the till's own catalogue, which the first pull matches by SKU.
  const product = await call('POST', '/products', { name: 'Mug', sku: 'GUARD-MUG', regular_price: '4.00', manage_stock: true, stock_quantity: 10 });
  const category = await call('POST', '/products/categories', { name: 'Kitchen' });
  const coupon = await call('POST', '/coupons', { code: 'guard10', discount_type: 'percent', amount: '10' });
  expect([product.status, category.status, coupon.status]).toEqual([201, 201, 201]);
  local = { id: product.body.id, categoryId: category.body.id, couponId: coupon.body.id };
  wooId = double.shop.createProduct({ name: 'Mug', sku: 'GUARD-MUG', regular_price: '4.00', manage_stock: true, stock_quantity: 10 }).id;
  await connect(server, double, { ...FAST_SETTINGS, interval_seconds: 0.3 });
});
afterAll(async () => {
  await server.close();
  await double.close();
});

describe('the scheduled pull', () => {
  it('runs every interval in the server and brings a price changed in WooCommerce', async () => {
    await waitFor('the first pull', () => connectionOf(server)?.last_pull_gmt ?? undefined);
    double.shop.updateProduct(wooId, { regular_price: '6.50' });
    await waitFor('the new price at the till', async () => ((await call('GET', `/products/${local.id}`)).body.regular_price === '6.50' ? true : undefined));
  });
});

describe('catalogue writes while connected', () => {
  const refusals: Array<[string, string, () => unknown]> = [
    ['POST', '/products', () => ({ name: 'Local only', regular_price: '1.00' })],
    ['PATCH', '/products/{id}', () => ({ regular_price: '3.00' })],
    ['DELETE', '/products/{id}?force=true', () => undefined],
    ['POST', '/products/categories', () => ({ name: 'Garden' })],
    ['PATCH', '/products/categories/{category}', () => ({ name: 'Cooking' })],
    ['POST', '/coupons', () => ({ code: 'other5', discount_type: 'percent', amount: '5' })],
    ['DELETE', '/coupons/{coupon}?force=true', () => undefined],
  ];
  it.each(refusals)('%s %s answers 409 pos_sync_catalogue_managed and changes nothing', async (method, path, body) => {
    const target = path.replace('{id}', String(local.id)).replace('{category}', String(local.categoryId)).replace('{coupon}', String(local.couponId));
    const before = (await call('GET', `/products/${local.id}`)).body;
    const response = await call(method, target, body());
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('pos_sync_catalogue_managed');
    expect(response.body.message).toContain(double.url);
    expect(response.body.message).toMatch(/Stock adjustments are still made here/);
    expect((await call('GET', `/products/${local.id}`)).body).toEqual(before);
  });

  it('refuses a tax-rate import (the till holds WooCommerce tax rates while connected)', () => {
    const table = readCsv(
      new TextEncoder().encode('Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class\nGB,,,,20,VAT,1,0,1,\n'),
    );
    withDb(server, (db) => {
      expect(() => createServices(db).taxRateImporter().run(table)).toThrow(ApiError);
      try {
        createServices(db).taxRateImporter().run(table);
      } catch (error) {
        expect((error as ApiError).code).toBe('pos_sync_catalogue_managed');
      }
    });
  });

  it('still takes stock adjustments, and queues each for WooCommerce', async () => {
    const adjusted = await call('POST', `/products/${local.id}/stock`, { adjust: 3, reason: 'received' });
    expect(adjusted.status).toBe(200);
    const edited = await call('PATCH', `/products/${local.id}`, { stock_quantity: 20 });
    expect(edited.status).toBe(200);
    expect(edited.body.stock_quantity).toBe(20);
    const stockEntries = outboxEntries(server).filter((entry) => entry.kind === 'stock' && entry.product_id === local.id);
    expect(stockEntries).toHaveLength(2);
  });
});
