import { describe, expect, it } from 'vitest';
import type { RoleName } from '../../shared/access.js';
import { ENDPOINT_POLICIES } from '../../server/domain/access/policy.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Catalogue writes over HTTP (issue 8, item 1): products, variations, categories/tags/brands and
 * coupons, for `manage_products` (administrator and shop manager), with the importer's rules.
 */
const { server, tokens } = useServer();

const as = (role: RoleName, method: string, path: string, body?: unknown) => api(server, method, path, { token: tokens[role], body });

describe('the new routes × the three roles', () => {
  const WRITES = ENDPOINT_POLICIES.filter((policy) => policy.access === 'manage_products');

  it('lists every catalogue, stock and coupon write under manage_products', () => {
    expect(WRITES.map((policy) => `${policy.method} ${policy.path}`)).toEqual(
      expect.arrayContaining([
        'POST /products',
        'PATCH /products/{id}',
        'DELETE /products/{id}',
        'POST /products/{id}/variations',
        'POST /products/{id}/stock',
        'GET /products/{id}/stock',
        'POST /products/categories',
        'POST /coupons',
        'DELETE /coupons/{id}',
      ]),
    );
  });

  it('refuses every one of them to the cashier with 403 naming manage_products, and lets managers in', async () => {
    const id = (await as('administrator', 'POST', '/products', { name: 'Matrix item', regular_price: '1.00' })).body.id as number;
    for (const policy of WRITES) {
      const path = policy.path.replace('{variation_id}', '999999').replace('{id}', String(id));
      const body = policy.method === 'GET' ? undefined : {};
      const denied = await as('cashier', policy.method, path, body);
      expect(denied.status, `${policy.method} ${path}`).toBe(403);
      expect(denied.body.data).toMatchObject({ capability: 'manage_products', current_user: server.users.cashier.id });
      for (const role of ['administrator', 'shop_manager'] as const) {
        const allowed = await as(role, policy.method, path, body);
        expect([401, 403], `${role} ${policy.method} ${path}`).not.toContain(allowed.status);
        expect(allowed.status, `${role} ${policy.method} ${path}`).toBeLessThan(500);
      }
    }
  });
});

describe('products', () => {
  it('a manager adds a product; every role reads it back in the WooCommerce shape', async () => {
    const created = await as('shop_manager', 'POST', '/products', {
      name: 'Loose apples',
      sku: 'APL-1',
      global_unique_id: '2012345000002',
      regular_price: '2.40',
      manage_stock: true,
      stock_quantity: 30,
      tax_class: 'zero-rate',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.apiUrl}/products/${created.body.id}`);
    expect(created.body).toMatchObject({
      name: 'Loose apples',
      type: 'simple',
      status: 'publish',
      sku: 'APL-1',
      barcode: '2012345000002',
      price: '2.40',
      stock_quantity: 30,
      stock_status: 'instock',
      tax_class: 'zero-rate',
    });
    const read = await as('cashier', 'GET', `/products/${created.body.id}`);
    expect(read.body.id).toBe(created.body.id);
    const found = await as('cashier', 'GET', '/products?search=loose%20app');
    expect(found.body.map((product: any) => product.id)).toEqual([created.body.id]);
  });

  it('updates fields, keeps the search index and the modification date in step', async () => {
    const { body } = await as('administrator', 'POST', '/products', { name: 'Pear', regular_price: '1.00' });
    withDb(server, (db) => db.prepare("UPDATE products SET date_modified_gmt = '2020-01-01T00:00:00' WHERE id = ?").run(body.id));
    const updated = await as('administrator', 'PATCH', `/products/${body.id}`, { name: 'Conference pear', sale_price: '0.80' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Conference pear', price: '0.80', on_sale: true });
    expect(updated.body.date_modified_gmt > '2020-01-01T00:00:00').toBe(true);
    expect((await as('cashier', 'GET', '/products?search=conference')).body.map((product: any) => product.id)).toEqual([body.id]);
    expect((await as('cashier', 'GET', '/products?search=Pear&_fields=id')).body).toEqual([{ id: body.id }]);
  });

  it('refuses each field rule with rest_invalid_param naming the field', async () => {
    await as('administrator', 'POST', '/products', { name: 'Owner', sku: 'TAKEN-1', barcode: '5000000000017', regular_price: '5.00' });
    const refused = await as('administrator', 'POST', '/products', {
      name: 'Clash',
      sku: 'taken-1',
      barcode: '5000000000017',
      regular_price: '5.00',
      sale_price: '5.00',
      tax_class: 'luxury',
      categories: [{ id: 9999 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_invalid_param');
    expect(Object.keys(refused.body.data.params).sort()).toEqual(['barcode', 'categories', 'sale_price', 'sku', 'tax_class']);
    expect(refused.body.data.params.sale_price).toBe('sale price 5.00 is not below regular price 5.00');
    expect(refused.body.data.params.tax_class).toContain('tax class luxury does not exist');
    const shapes = await as('administrator', 'POST', '/products', { name: '', regular_price: '-1', type: 'grouped', stock_quantity: 'ten' });
    expect(Object.keys(shapes.body.data.params).sort()).toEqual(['name', 'regular_price', 'stock_quantity', 'type']);
    const missingName = await as('administrator', 'POST', '/products', { regular_price: '1.00' });
    expect(missingName.body.data.params).toEqual({ name: 'name is required' });
    // A UPC-A and its EAN-13 are one code: the second product may not carry it in the other form.
    await as('administrator', 'POST', '/products', { name: 'UPC owner', barcode: '036000291452' });
    const sameCode = await as('administrator', 'POST', '/products', { name: 'EAN clash', barcode: '0036000291452' });
    expect(Object.keys(sameCode.body.data.params)).toEqual(['barcode']);
    // Nothing was written by the refused requests.
    expect(withDb(server, (db) => db.prepare("SELECT COUNT(*) AS n FROM products WHERE name IN ('Clash', 'EAN clash')").get())).toEqual({ n: 0 });
  });

  it('trashes by default and deletes with force=true', async () => {
    const { body } = await as('administrator', 'POST', '/products', { name: 'Short-lived', regular_price: '1.00', manage_stock: true, stock_quantity: 2 });
    const trashed = await as('administrator', 'DELETE', `/products/${body.id}`);
    expect([trashed.status, trashed.body.status]).toEqual([200, 'trash']);
    expect((await as('cashier', 'GET', '/products?search=short-lived')).body).toEqual([]);
    const deleted = await as('administrator', 'DELETE', `/products/${body.id}?force=true`);
    expect([deleted.status, deleted.body.id]).toEqual([200, body.id]);
    expect((await as('cashier', 'GET', `/products/${body.id}`)).status).toBe(404);
    expect(withDb(server, (db) => db.prepare('SELECT COUNT(*) AS n FROM stock_ledger WHERE product_id = ?').get(body.id))).toEqual({ n: 0 });
  });
});

describe('variations at /products/{id}/variations', () => {
  it('creates, lists, updates and deletes the variations of a variable product', async () => {
    const parent = await as('administrator', 'POST', '/products', {
      name: 'T-Shirt',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
    });
    expect(parent.status).toBe(201);
    const small = await as('administrator', 'POST', `/products/${parent.body.id}/variations`, {
      sku: 'TS-S',
      regular_price: '12.00',
      attributes: [{ name: 'Size', option: 'S' }],
      manage_stock: true,
      stock_quantity: 4,
    });
    expect(small.status).toBe(201);
    expect(small.body).toMatchObject({ type: 'variation', parent_id: parent.body.id, name: 'T-Shirt - S', price: '12.00', stock_quantity: 4 });
    const list = await as('cashier', 'GET', `/products/${parent.body.id}/variations`);
    expect(list.body.map((variation: any) => variation.sku)).toEqual(['TS-S']);
    const patched = await as('shop_manager', 'PATCH', `/products/${parent.body.id}/variations/${small.body.id}`, { regular_price: '11.00' });
    expect(patched.body.price).toBe('11.00');
    expect((await as('cashier', 'GET', `/products/${parent.body.id}`)).body.variations).toEqual([small.body.id]);
    const onSimple = await as('administrator', 'POST', `/products/${(await as('administrator', 'POST', '/products', { name: 'Plain' })).body.id}/variations`, {
      regular_price: '1.00',
    });
    expect(onSimple.status).toBe(400);
    expect((await as('administrator', 'GET', `/products/${parent.body.id}/variations/999999`)).status).toBe(404);
    expect((await as('administrator', 'DELETE', `/products/${parent.body.id}/variations/${small.body.id}?force=true`)).status).toBe(200);
    expect((await as('cashier', 'GET', `/products/${parent.body.id}/variations`)).body).toEqual([]);
  });
});

describe('categories, tags and brands', () => {
  it('creates, renames and deletes terms; refuses a taken slug and a missing parent', async () => {
    const fruit = await as('shop_manager', 'POST', '/products/categories', { name: 'Fruit & veg' });
    expect([fruit.status, fruit.body.slug]).toEqual([201, 'fruit-veg']);
    const apples = await as('shop_manager', 'POST', '/products/categories', { name: 'Apples', parent: fruit.body.id });
    expect(apples.body.parent).toBe(fruit.body.id);
    const taken = await as('shop_manager', 'POST', '/products/categories', { name: 'Fruit veg', slug: 'fruit-veg', parent: 4242 });
    expect(Object.keys(taken.body.data.params).sort()).toEqual(['parent', 'slug']);
    const renamed = await as('shop_manager', 'PATCH', `/products/categories/${apples.body.id}`, { name: 'Eating apples' });
    expect(renamed.body.name).toBe('Eating apples');
    const tag = await as('administrator', 'POST', '/products/tags', { name: 'Local' });
    const brand = await as('administrator', 'POST', '/products/brands', { name: 'Orchard Co' });
    const product = await as('administrator', 'POST', '/products', {
      name: 'Cox',
      categories: [{ id: apples.body.id }],
      tags: [{ id: tag.body.id }],
      brands: [brand.body.id],
    });
    expect([product.body.categories[0].name, product.body.tags[0].name, product.body.brands[0].name]).toEqual(['Eating apples', 'Local', 'Orchard Co']);
    expect((await as('administrator', 'DELETE', `/products/tags/${tag.body.id}`)).status).toBe(501);
    expect((await as('administrator', 'DELETE', `/products/tags/${tag.body.id}?force=true`)).status).toBe(200);
    expect((await as('cashier', 'GET', `/products/${product.body.id}`)).body.tags).toEqual([]);
  });
});

describe('coupons', () => {
  it('creates, reads, updates and deletes coupons, with each rule refused by name', async () => {
    const created = await as('shop_manager', 'POST', '/coupons', { code: 'AUTUMN10', amount: '10', discount_type: 'percent' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'AUTUMN10', amount: '10.00', discount_type: 'percent', status: 'publish' });
    expect((await as('cashier', 'GET', `/coupons/${created.body.id}`)).body.code).toBe('AUTUMN10');
    const refused = await as('shop_manager', 'POST', '/coupons', {
      code: 'autumn10',
      amount: '150',
      discount_type: 'percent',
      product_ids: [987654],
      minimum_amount: '50',
      maximum_amount: '20',
      email_restrictions: ['nobody'],
    });
    expect(Object.keys(refused.body.data.params).sort()).toEqual(['amount', 'code', 'email_restrictions', 'maximum_amount', 'product_ids']);
    const updated = await as('shop_manager', 'PATCH', `/coupons/${created.body.id}`, { amount: '15', date_expires_gmt: '2030-01-31T23:59:59' });
    expect([updated.body.amount, updated.body.date_expires_gmt]).toEqual(['15.00', '2030-01-31T23:59:59']);
    const trashed = await as('shop_manager', 'DELETE', `/coupons/${created.body.id}`);
    expect(trashed.body.status).toBe('trash');
    expect((await as('cashier', 'GET', '/coupons?code=AUTUMN10')).body).toEqual([]);
    expect((await as('shop_manager', 'DELETE', `/coupons/${created.body.id}?force=true`)).status).toBe(200);
    expect((await as('cashier', 'GET', `/coupons/${created.body.id}`)).status).toBe(404);
  });
});
