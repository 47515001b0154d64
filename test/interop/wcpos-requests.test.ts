import { describe, expect, it } from 'vitest';
import { addCoupon, setStore, UK_STORE } from '../helpers/shop-data.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** The requests of the WCPOS client (v1.9.7) replayed against Tillbase. */
const ORIGIN = 'https://pos.example.test';

const orderCount = () => withDb(server, (db) => (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n);

const { server, tokens, catalogue } = useServer(
  { roles: ['administrator', 'cashier'], store: 'uk', catalogue: 'sale', serve: { allowedOrigins: [ORIGIN] } },
  async () => {
    addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
    addCoupon(server, { code: 'ABC', amount: '1', discount_type: 'fixed_cart' });
    for (const [first_name, last_name] of [
      ['Zed', 'Adams'],
      ['Amy', 'Young'],
    ]) {
      const customer = await api(server, 'POST', '/customers', {
        token: tokens.administrator,
        body: { email: `${first_name}@example.test`, first_name, last_name },
      });
      expect(customer.status).toBe(201);
    }
    for (let index = 0; index < 12; index += 1) {
      const created = await api(server, 'POST', '/orders', {
        token: tokens.administrator,
        body: { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] },
      });
      expect(created.status).toBe(201);
    }
  },
);

describe('the full-sync audit: fields[]=id&fields[]=date_modified_gmt&posts_per_page=-1', () => {
  const AUDIT = 'fields[]=id&fields[]=date_modified_gmt&posts_per_page=-1';
  const collections = [
    '/products',
    '/products/variations',
    '/orders',
    '/customers',
    '/coupons',
    '/taxes',
    '/products/categories',
    '/products/tags',
    '/products/brands',
  ];

  it('answers every record of each collection, not a page of 10', async () => {
    const totals: Record<string, number> = {
      '/products': withDb(
        server,
        (db) => (db.prepare("SELECT COUNT(*) AS n FROM products WHERE type <> 'variation' AND status <> 'trash'").get() as { n: number }).n,
      ),
      '/orders': orderCount(),
      '/taxes': withDb(server, (db) => (db.prepare('SELECT COUNT(*) AS n FROM tax_rates').get() as { n: number }).n),
    };
    for (const path of collections) {
      const response = await api(server, 'GET', `${path}?${AUDIT}`, { token: tokens.cashier });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
      for (const item of response.body) expect(Object.keys(item).sort(), path).toEqual(['date_modified_gmt', 'id']);
      expect(response.headers.get('x-wp-total'), path).toBe(String(response.body.length));
      if (totals[path] !== undefined) expect(response.body.length, path).toBe(totals[path]);
    }
    expect(totals['/orders']).toBeGreaterThan(10);
  });

  it('refuses "all" with other fields, or without fields, rather than answering a short page', async () => {
    for (const query of ['posts_per_page=-1', 'posts_per_page=-1&fields[]=id&fields[]=name', 'per_page=-1&fields[]=total']) {
      const response = await api(server, 'GET', `/orders?${query}`, { token: tokens.cashier });
      expect([response.status, response.body.code], query).toEqual([400, 'rest_invalid_param']);
    }
    expect((await api(server, 'GET', `/products/${catalogue.shirt}/variations?${AUDIT}`, { token: tokens.cashier })).status).toBe(400);
  });
});

describe('method override (WordPress rules)', () => {
  it('POST /orders with _method=GET or X-HTTP-Method-Override: GET lists and creates nothing', async () => {
    const before = orderCount();
    const byQuery = await api(server, 'POST', '/orders?_method=GET', { token: tokens.cashier, body: {} });
    expect(byQuery.status).toBe(200);
    expect(Array.isArray(byQuery.body)).toBe(true);
    const byHeader = await api(server, 'POST', '/orders', { token: tokens.cashier, headers: { 'X-HTTP-Method-Override': 'GET' }, body: {} });
    expect([byHeader.status, Array.isArray(byHeader.body)]).toEqual([200, true]);
    expect(orderCount()).toBe(before);
  });

  it('reads and updates single records by POST; the policy of the resulting method applies', async () => {
    const coupon = await api(server, 'POST', '/coupons?_method=GET&code=ten', { token: tokens.cashier });
    const id = coupon.body[0].id as number;
    expect((await api(server, 'POST', `/coupons/${id}?_method=GET`, { token: tokens.cashier })).body.code).toBe('TEN');
    const updated = await api(server, 'POST', `/coupons/${id}?_method=PATCH`, { token: tokens.administrator, body: { description: 'ten off' } });
    expect([updated.status, updated.body.description]).toEqual([200, 'ten off']);
    // PATCH /coupons/{id} needs manage_products: a cashier is refused as for a real PATCH.
    const refused = await api(server, 'POST', `/coupons/${id}`, {
      token: tokens.cashier,
      headers: { 'X-HTTP-Method-Override': 'PATCH' },
      body: { description: 'mine' },
    });
    expect([refused.status, refused.body.code, refused.body.data.capability]).toEqual([403, 'pos_rest_forbidden', 'manage_products']);
    expect((await api(server, 'POST', '/coupons?_method=TRACE', { token: tokens.cashier })).status).toBe(400);
    // A GET is never turned into a write.
    expect((await api(server, 'GET', `/coupons/${id}?_method=DELETE`, { token: tokens.administrator })).body.status).toBe('publish');
  });
});

describe('single-record routes', () => {
  it('answers coupons, taxes, terms and variations by id, with the collection read capability', async () => {
    const category = (await api(server, 'GET', '/products/categories', { token: tokens.cashier })).body[0].id as number;
    for (const path of [
      `/taxes/${catalogue.rates.standard}`,
      `/products/categories/${category}`,
      `/products/variations/${catalogue.shirtRed}`,
      `/products/${catalogue.shirt}/variations/${catalogue.shirtRed}`,
    ]) {
      const response = await api(server, 'GET', path, { token: tokens.cashier });
      expect(response.status, path).toBe(200);
    }
    expect((await api(server, 'GET', '/taxes/99999', { token: tokens.cashier })).status).toBe(404);
    expect((await api(server, 'GET', `/products/variations/${catalogue.coffee}`, { token: tokens.cashier })).status).toBe(404);
    expect((await api(server, 'GET', `/taxes/${catalogue.rates.standard}`)).status).toBe(401);
  });
});

describe('collection parameters', () => {
  it('takes every orderby value WooCommerce and the plugin accept', async () => {
    const cases: Record<string, string[]> = {
      '/products': [
        'date',
        'id',
        'include&include=1',
        'title',
        'slug',
        'modified',
        'menu_order',
        'price',
        'popularity',
        'rating',
        'sku',
        'barcode',
        'stock_quantity',
        'stock_status',
      ],
      '/customers': ['id', 'name', 'registered_date', 'first_name', 'last_name', 'email', 'username'],
      '/orders': ['date', 'id', 'modified', 'title', 'slug', 'status', 'customer_id', 'payment_method', 'total'],
      '/coupons': ['date', 'id', 'title', 'slug', 'modified', 'code'],
      '/taxes': ['order', 'id', 'priority'],
      '/products/categories': ['name', 'id', 'slug', 'count', 'description', 'term_group'],
    };
    for (const [path, values] of Object.entries(cases)) {
      for (const value of values)
        expect((await api(server, 'GET', `${path}?orderby=${value}`, { token: tokens.cashier })).status, `${path} orderby=${value}`).toBe(200);
    }
    const byLastName = (await api(server, 'GET', '/customers?orderby=last_name&order=asc', { token: tokens.cashier })).body.map(
      (customer: { last_name: string }) => customer.last_name,
    );
    expect(byLastName).toEqual(['Adams', 'Young']);
    const byCode = (await api(server, 'GET', '/coupons?orderby=code&order=asc', { token: tokens.cashier })).body.map((coupon: { code: string }) => coupon.code);
    expect(byCode).toEqual(['ABC', 'TEN']);
  });

  it('filters products by stock_quantity', async () => {
    const response = await api(server, 'GET', '/products?stock_quantity=50&_fields=id,stock_quantity', { token: tokens.cashier });
    expect(response.body).toEqual([{ id: catalogue.coffee, stock_quantity: 50 }]);
    expect((await api(server, 'GET', '/products?stock_quantity=lots', { token: tokens.cashier })).status).toBe(400);
  });

  it('takes the last value of a repeated parameter, and keeps x[] lists', async () => {
    const repeated = await api(server, 'GET', '/orders?per_page=50&per_page=2', { token: tokens.cashier });
    expect([repeated.status, repeated.body.length]).toEqual([200, 2]);
    const list = await api(server, 'GET', `/products?include[]=${catalogue.coffee}&include[]=${catalogue.tea}&_fields=id`, { token: tokens.cashier });
    expect(list.body.map((item: { id: number }) => item.id).sort()).toEqual([catalogue.coffee, catalogue.tea].sort());
  });

  it('validates context and gives edit only to callers who may edit', async () => {
    const bogus = await api(server, 'GET', '/products?context=bogus', { token: tokens.cashier });
    expect([bogus.status, bogus.body.code, Object.keys(bogus.body.data.params)]).toEqual([400, 'rest_invalid_param', ['context']]);
    const forbidden = await api(server, 'GET', '/products?context=edit', { token: tokens.cashier });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'rest_forbidden_context']);
    expect((await api(server, 'GET', '/orders?context=edit', { token: tokens.cashier })).status).toBe(200);
    withDb(server, (db) => db.prepare("UPDATE products SET tax_class = 'parent' WHERE id = ?").run(catalogue.shirtRed));
    const view = await api(server, 'GET', `/products/variations/${catalogue.shirtRed}`, { token: tokens.administrator });
    const edit = await api(server, 'GET', `/products/variations/${catalogue.shirtRed}?context=edit`, { token: tokens.administrator });
    expect([view.body.tax_class === 'parent', edit.body.tax_class]).toEqual([false, 'parent']);
  });

  it('reads date filters as store time unless dates_are_gmt=true', async () => {
    const newest = (await api(server, 'GET', '/orders?per_page=1&orderby=id', { token: tokens.cashier })).body[0];
    // The store keeps time in Sydney: its local time is ahead of UTC, so local "after" is an earlier instant.
    setStore(server, { ...UK_STORE, timezone: 'Australia/Sydney' });
    const created: string = newest.date_created_gmt;
    const asGmt = await api(server, 'GET', `/orders?after=${created}&dates_are_gmt=true&include=${newest.id}`, { token: tokens.cashier });
    const asLocal = await api(server, 'GET', `/orders?after=${created}&include=${newest.id}`, { token: tokens.cashier });
    setStore(server, UK_STORE);
    expect(asGmt.body).toEqual([]);
    expect(asLocal.body.map((order: { id: number }) => order.id)).toEqual([newest.id]);
  });
});

describe('CORS preflight of the WCPOS client', () => {
  it('allows X-WCPOS from an allowed origin', async () => {
    const response = await fetch(`${server.apiUrl}/products`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-wcpos' },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-wcpos', 'x-http-method-override']));
  });
});
