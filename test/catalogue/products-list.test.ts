import { describe, expect, it } from 'vitest';
import { ids, coffee, tea, organic, acme, tshirtRed, LISTED, get, fail, names, idsOf, useCatalogueFixture } from '../helpers/product-list.js';

/** The product lists over HTTP: paging, filters and the offline-sync audit (the catalogue: catalogue-fixture.ts). */
useCatalogueFixture();

describe('GET /products paging', () => {
  it('sends X-WP-Total, X-WP-TotalPages and Link prev/next over a few hundred products', async () => {
    const response = await get('/products?per_page=20&page=2');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(20);
    expect(response.headers.get('x-wp-total')).toBe(String(LISTED));
    expect(response.headers.get('x-wp-totalpages')).toBe(String(Math.ceil(LISTED / 20)));
    const link = response.headers.get('link') ?? '';
    expect(link).toMatch(/<[^>]*\/pos\/v1\/products\?per_page=20&page=1>; rel="prev"/);
    expect(link).toMatch(/<[^>]*\/pos\/v1\/products\?per_page=20&page=3>; rel="next"/);
  });

  it('pages through every product exactly once in date order (newest first)', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(LISTED / 100); page++) {
      const response = await get(`/products?per_page=100&page=${page}`);
      seen.push(...idsOf(response.body));
    }
    expect(seen).toHaveLength(LISTED);
    expect(new Set(seen).size).toBe(LISTED);
    expect(seen[0]).toBe(ids.tshirt);
    expect(seen).not.toContain(ids.trashed);
    expect(seen).not.toContain(tshirtRed);
  });

  it('has only a prev link on the last page and answers [] past it with the totals intact', async () => {
    const lastPage = Math.ceil(LISTED / 20);
    const last = await get(`/products?per_page=20&page=${lastPage}`);
    expect(last.body).toHaveLength(LISTED - (lastPage - 1) * 20);
    expect(last.headers.get('link')).toMatch(/rel="prev"$/);
    expect(last.headers.get('link')).not.toContain('rel="next"');
    const past = await get(`/products?per_page=20&page=${lastPage + 1}`);
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-wp-total')).toBe(String(LISTED));
  });

  it('defaults to 10 per page and refuses per_page out of 1..100', async () => {
    expect((await get('/products')).body).toHaveLength(10);
    for (const perPage of ['0', '101', 'abc']) {
      const response = await fail(`/products?per_page=${perPage}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(Object.keys(response.body.data.params)).toEqual(['per_page']);
    }
  });
});

describe('GET /products filters', () => {
  it('searches names case-insensitively', async () => {
    const response = await get('/products?search=eSPRESSO');
    expect(names(response.body)).toEqual(['Espresso Beans 250g']);
  });

  it('searches SKUs and barcodes by substring', async () => {
    expect(names((await get('/products?search=esp-2')).body)).toEqual(['Espresso Beans 250g']);
    expect(names((await get('/products?search=0063813339')).body)).toEqual(['Espresso Beans 250g']);
    const generatedMatches = await get('/products?search=gen-00&per_page=100');
    expect(generatedMatches.headers.get('x-wp-total')).toBe('9');
  });

  it('treats LIKE wildcards in a search literally', async () => {
    expect((await get('/products?search=%25')).body).toEqual([]);
    expect((await get('/products?search=_')).body).toEqual([]);
  });

  it('filters by exact SKU (comma list) and exact barcode', async () => {
    expect(names((await get('/products?sku=ESP-250,TEA-1&orderby=title&order=asc')).body)).toEqual(['Espresso Beans 250g', 'Green Tea']);
    expect((await get('/products?sku=ESP')).body).toEqual([]);
    expect(names((await get('/products?barcode=5012345678900')).body)).toEqual(['Green Tea']);
    expect((await get('/products?barcode=501234567890')).body).toEqual([]);
  });

  it('filters by category, tag and brand ids', async () => {
    expect(names((await get(`/products?category=${tea}&orderby=title&order=asc`)).body)).toEqual(['Draft Cake', 'Green Tea']);
    expect(names((await get(`/products?category=${coffee},${tea}&orderby=title&order=asc`)).body)).toEqual([
      'Draft Cake',
      'Espresso Beans 250g',
      'Green Tea',
      'T-Shirt',
    ]);
    expect(names((await get(`/products?tag=${organic}&orderby=title&order=asc`)).body)).toEqual(['Espresso Beans 250g', 'Green Tea']);
    expect(names((await get(`/products?brand=${acme}`)).body)).toEqual(['Espresso Beans 250g']);
  });

  it('filters by status (default: every status but trash)', async () => {
    expect(names((await get('/products?status=draft')).body)).toEqual(['Draft Cake']);
    expect(names((await get('/products?status=trash')).body)).toEqual(['Trashed Muffin']);
    expect((await get('/products?status=any&per_page=1')).headers.get('x-wp-total')).toBe(String(LISTED));
    expect((await get('/products?status=publish&per_page=1')).headers.get('x-wp-total')).toBe(String(LISTED - 1));
    expect((await get('/products?status=sold')).status).toBe(400);
  });

  it('filters by stock_status and type', async () => {
    expect(names((await get('/products?stock_status=outofstock')).body)).toEqual(['Sold Out Scone']);
    expect(names((await get('/products?type=variable')).body)).toEqual(['T-Shirt']);
    expect((await get('/products?type=variation')).status).toBe(400);
  });

  it('filters by on_sale inside the sale window only', async () => {
    expect(names((await get('/products?on_sale=true&orderby=title&order=asc')).body)).toEqual(['Espresso Beans 250g', 'T-Shirt']);
    const notOnSale = await get('/products?on_sale=false&per_page=100');
    expect(notOnSale.headers.get('x-wp-total')).toBe(String(LISTED - 2));
    expect(names(notOnSale.body)).toEqual(expect.arrayContaining(['Old Sale Mug', 'Future Sale Teapot']));
  });

  it('filters by include and exclude, and orders by include', async () => {
    const include = [ids.greenTea, ids.espresso, ids.soldOut];
    expect(idsOf((await get(`/products?include=${include.join(',')}&orderby=include&order=asc`)).body)).toEqual(include);
    expect(idsOf((await get(`/products?include[]=${ids.greenTea}&include[]=${ids.espresso}&orderby=id&order=asc`)).body)).toEqual([ids.espresso, ids.greenTea]);
    const excluded = await get(`/products?exclude=${ids.greenTea},${ids.espresso}&per_page=1`);
    expect(excluded.headers.get('x-wp-total')).toBe(String(LISTED - 2));
    expect((await get('/products?orderby=include')).status).toBe(400);
  });

  it('filters by creation and modification dates', async () => {
    const after = await get('/products?after=2025-03-06T00:00:00&orderby=date&order=asc');
    expect(names(after.body)).toEqual(['Future Sale Teapot', 'Sold Out Scone', 'T-Shirt']);
    const before = await get('/products?before=2024-01-01T00:02:00&orderby=date&order=asc');
    expect(names(before.body)).toEqual(['Generated Item 001']);
    const modified = await get('/products?modified_after=2025-03-07T12:00:00');
    expect(names(modified.body)).toEqual(['T-Shirt']);
    expect((await get('/products?modified_before=2024-01-01T00:01:30')).body).toHaveLength(1);
    expect((await get('/products?after=yesterday')).status).toBe(400);
  });

  it('orders by title, price, sku, id and date in both directions', async () => {
    const filter = `include=${[ids.espresso, ids.greenTea, ids.soldOut, ids.tshirt, ids.expiredSale].join(',')}`;
    expect(names((await get(`/products?${filter}&orderby=title&order=asc`)).body)).toEqual([
      'Espresso Beans 250g',
      'Green Tea',
      'Old Sale Mug',
      'Sold Out Scone',
      'T-Shirt',
    ]);
    // Active prices: scone 2.50, tea 4.00, mug 8.00 (sale over), espresso 9.50 (on sale), T-shirt 15.00 (lowest variation).
    expect(names((await get(`/products?${filter}&orderby=price&order=asc`)).body)).toEqual([
      'Sold Out Scone',
      'Green Tea',
      'Old Sale Mug',
      'Espresso Beans 250g',
      'T-Shirt',
    ]);
    expect(names((await get(`/products?${filter}&orderby=price&order=desc`)).body)).toEqual([
      'T-Shirt',
      'Espresso Beans 250g',
      'Old Sale Mug',
      'Green Tea',
      'Sold Out Scone',
    ]);
    expect(names((await get(`/products?${filter}&orderby=sku&order=asc`)).body)).toEqual([
      'Espresso Beans 250g',
      'Old Sale Mug',
      'Sold Out Scone',
      'Green Tea',
      'T-Shirt',
    ]);
    expect(idsOf((await get(`/products?${filter}&orderby=id&order=desc`)).body)).toEqual([
      ids.tshirt,
      ids.soldOut,
      ids.expiredSale,
      ids.greenTea,
      ids.espresso,
    ]);
    expect(idsOf((await get(`/products?${filter}`)).body)).toEqual([ids.tshirt, ids.soldOut, ids.expiredSale, ids.greenTea, ids.espresso]);
    expect((await get('/products?orderby=bestselling')).status).toBe(400);
  });
});

describe('GET /products offline-sync audit (per_page=-1)', () => {
  it('returns every matching id with date_modified_gmt in one response', async () => {
    const response = await get('/products?per_page=-1&_fields=id,date_modified_gmt');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(LISTED);
    expect(response.headers.get('x-wp-total')).toBe(String(LISTED));
    expect(response.headers.get('x-wp-totalpages')).toBe('1');
    expect(response.headers.get('link')).toBeNull();
    const espresso = response.body.find((item) => item.id === ids.espresso);
    expect(espresso).toEqual({ id: ids.espresso, date_modified_gmt: '2025-03-01T10:00:00' });
    for (const item of response.body) expect(Object.keys(item).sort()).toEqual(['date_modified_gmt', 'id']);
  });

  it('accepts the fields in either order and applies the filters', async () => {
    const response = await get('/products?per_page=-1&_fields=date_modified_gmt,id&modified_after=2025-03-06T12:00:00&orderby=id&order=asc');
    expect(response.body).toEqual([
      { id: ids.soldOut, date_modified_gmt: '2025-03-07T10:00:00' },
      { id: ids.tshirt, date_modified_gmt: '2025-03-08T10:00:00' },
    ]);
    expect(response.headers.get('x-wp-total')).toBe('2');
  });

  it('refuses per_page=-1 without exactly _fields=id,date_modified_gmt', async () => {
    for (const query of [
      'per_page=-1',
      'per_page=-1&_fields=date_modified_gmt',
      'per_page=-1&_fields=id,name',
      'per_page=-1&_fields=id,date_modified_gmt,name',
      'per_page=-2&_fields=id,date_modified_gmt',
    ]) {
      const response = await fail(`/products?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(Object.keys(response.body.data.params)).toEqual(['per_page']);
    }
  });
});
