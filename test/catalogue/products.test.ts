import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductsRepository, type NewProduct } from '../../server/data/repositories/products.js';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { ean13 } from '../../server/domain/catalogue/barcode.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';

const GENERATED = 240;

let server: TestServer;
let token: string;
const ids: Record<string, number> = {};
let coffee: number;
let tea: number;
let organic: number;
let acme: number;
let tshirtRed: number;
let tshirtBlue: number;

/** `Generated Item 007`, SKU `GEN-007`, barcode from 2000000000007: deterministic test products. */
function generated(index: number): NewProduct {
  const number = String(index).padStart(3, '0');
  return {
    type: 'simple',
    name: `Generated Item ${number}`,
    sku: `GEN-${number}`,
    barcode: ean13(`200000000${number}`),
    regular_price: `${(index % 50) + 1}.25`,
    date_created_gmt: `2024-01-01T${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00`,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server, 'cashier')).access_token;
  const db = openDataDirDatabase(server.dataDir);
  try {
    const products = new ProductsRepository(db);
    const terms = new TermsRepository(db);
    coffee = terms.create('product_cat', { name: 'Coffee' }).id;
    tea = terms.create('product_cat', { name: 'Tea' }).id;
    organic = terms.create('product_tag', { name: 'Organic' }).id;
    acme = terms.create('product_brand', { name: 'Acme Roasters' }).id;
    db.transaction(() => {
      for (let index = 1; index <= GENERATED; index++) products.create(generated(index));
    })();
    ids.espresso = products.create({
      type: 'simple',
      name: 'Espresso Beans 250g',
      sku: 'ESP-250',
      barcode: '4006381333931',
      regular_price: '12.00',
      sale_price: '9.50',
      manage_stock: true,
      stock_quantity: 5,
      tax_class: 'zero-rate',
      category_ids: [coffee],
      brand_ids: [acme],
      tag_ids: [organic],
      date_created_gmt: '2025-03-01T10:00:00',
    }).id;
    ids.greenTea = products.create({ type: 'simple', name: 'Green Tea', sku: 'TEA-1', barcode: '5012345678900', regular_price: '4.00', category_ids: [tea], tag_ids: [organic], date_created_gmt: '2025-03-02T10:00:00' }).id;
    ids.draft = products.create({ type: 'simple', name: 'Draft Cake', sku: 'DRAFT-1', regular_price: '3.00', status: 'draft', category_ids: [tea], date_created_gmt: '2025-03-03T10:00:00' }).id;
    ids.trashed = products.create({ type: 'simple', name: 'Trashed Muffin', sku: 'TRASH-1', regular_price: '2.00', status: 'trash', date_created_gmt: '2025-03-04T10:00:00' }).id;
    ids.expiredSale = products.create({
      type: 'simple',
      name: 'Old Sale Mug',
      sku: 'MUG-1',
      regular_price: '8.00',
      sale_price: '5.00',
      date_on_sale_to_gmt: '2020-01-31T23:59:59',
      date_created_gmt: '2025-03-05T10:00:00',
    }).id;
    ids.futureSale = products.create({
      type: 'simple',
      name: 'Future Sale Teapot',
      sku: 'POT-1',
      regular_price: '30.00',
      sale_price: '20.00',
      date_on_sale_from_gmt: '2999-01-01T00:00:00',
      date_created_gmt: '2025-03-06T10:00:00',
    }).id;
    ids.soldOut = products.create({ type: 'simple', name: 'Sold Out Scone', sku: 'SCONE-1', regular_price: '2.50', manage_stock: true, stock_quantity: 0, date_created_gmt: '2025-03-07T10:00:00' }).id;
    ids.tshirt = products.create({
      type: 'variable',
      name: 'T-Shirt',
      sku: 'TSHIRT',
      attributes: [
        { id: 0, name: 'Colour', slug: 'colour', position: 0, visible: true, variation: true, options: ['Red', 'Blue'] },
        { id: 0, name: 'Size', slug: 'size', position: 1, visible: true, variation: true, options: ['Small', 'Large'] },
      ],
      category_ids: [coffee],
      date_created_gmt: '2025-03-08T10:00:00',
    }).id;
    tshirtRed = products.create({
      type: 'variation',
      parent_id: ids.tshirt,
      sku: 'TSHIRT-RED-L',
      barcode: '4000000000017',
      regular_price: '20.00',
      variation_attributes: [
        { id: 0, name: 'Colour', slug: 'colour', option: 'Red' },
        { id: 0, name: 'Size', slug: 'size', option: 'Large' },
      ],
      images: [{ id: 7, src: 'https://example.test/red.jpg', name: 'red', alt: 'Red T-Shirt' }],
      date_created_gmt: '2025-03-08T10:01:00',
    }).id;
    tshirtBlue = products.create({
      type: 'variation',
      parent_id: ids.tshirt,
      sku: 'TSHIRT-BLUE-S',
      barcode: '4000000000024',
      regular_price: '18.00',
      sale_price: '15.00',
      variation_attributes: [
        { id: 0, name: 'Colour', slug: 'colour', option: 'Blue' },
        { id: 0, name: 'Size', slug: 'size', option: 'Small' },
      ],
      date_created_gmt: '2025-03-08T10:02:00',
    }).id;
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await server.close();
});

/** Every product but the trashed one: the generated ones and 7 named (the draft counts: status defaults to any but trash). */
const LISTED = GENERATED + 7;

interface Links {
  self: Array<{ href: string }>;
  collection: Array<{ href: string }>;
  up?: Array<{ href: string }>;
}
interface Item {
  id: number;
  name: string;
  date_modified_gmt: string;
  attributes: unknown[];
  _links: Links;
  [field: string]: unknown;
}
interface ErrorBody {
  code: string;
  message: string;
  data: { status: number; params: Record<string, string> };
}

const get = <T = Item[]>(path: string) => api<T>(server, 'GET', path, { token });
const fail = (path: string) => api<ErrorBody>(server, 'GET', path, { token });
const names = (body: Array<{ name: string }>) => body.map((item) => item.name);
const idsOf = (body: Array<{ id: number }>) => body.map((item) => item.id);

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
    expect(names((await get(`/products?category=${coffee},${tea}&orderby=title&order=asc`)).body)).toEqual(['Draft Cake', 'Espresso Beans 250g', 'Green Tea', 'T-Shirt']);
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
    expect(names((await get(`/products?${filter}&orderby=title&order=asc`)).body)).toEqual(['Espresso Beans 250g', 'Green Tea', 'Old Sale Mug', 'Sold Out Scone', 'T-Shirt']);
    // Active prices: scone 2.50, tea 4.00, mug 8.00 (sale over), espresso 9.50 (on sale), T-shirt 15.00 (lowest variation).
    expect(names((await get(`/products?${filter}&orderby=price&order=asc`)).body)).toEqual(['Sold Out Scone', 'Green Tea', 'Old Sale Mug', 'Espresso Beans 250g', 'T-Shirt']);
    expect(names((await get(`/products?${filter}&orderby=price&order=desc`)).body)).toEqual(['T-Shirt', 'Espresso Beans 250g', 'Old Sale Mug', 'Green Tea', 'Sold Out Scone']);
    expect(names((await get(`/products?${filter}&orderby=sku&order=asc`)).body)).toEqual(['Espresso Beans 250g', 'Old Sale Mug', 'Sold Out Scone', 'Green Tea', 'T-Shirt']);
    expect(idsOf((await get(`/products?${filter}&orderby=id&order=desc`)).body)).toEqual([ids.tshirt, ids.soldOut, ids.expiredSale, ids.greenTea, ids.espresso]);
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
    for (const query of ['per_page=-1', 'per_page=-1&_fields=date_modified_gmt', 'per_page=-1&_fields=id,name', 'per_page=-1&_fields=id,date_modified_gmt,name', 'per_page=-2&_fields=id,date_modified_gmt']) {
      const response = await fail(`/products?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(Object.keys(response.body.data.params)).toEqual(['per_page']);
    }
  });
});

describe('GET /products shapes', () => {
  it('trims items to _fields', async () => {
    const response = await get(`/products?include=${ids.espresso}&_fields=id,name,price,categories`);
    expect(response.body).toEqual([{ id: ids.espresso, name: 'Espresso Beans 250g', price: '9.50', categories: [{ id: coffee, name: 'Coffee', slug: 'coffee' }] }]);
    const single = await get<Item>(`/products/${ids.greenTea}?_fields=id,sku,barcode`);
    expect(single.body).toEqual({ id: ids.greenTea, sku: 'TEA-1', barcode: '5012345678900' });
  });

  it('shapes a simple product as WooCommerce does, with barcode', async () => {
    const response = await get<Item>(`/products/${ids.espresso}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: ids.espresso,
      name: 'Espresso Beans 250g',
      slug: 'espresso-beans-250g',
      type: 'simple',
      status: 'publish',
      sku: 'ESP-250',
      barcode: '4006381333931',
      global_unique_id: '4006381333931',
      price: '9.50',
      regular_price: '12.00',
      sale_price: '9.50',
      on_sale: true,
      purchasable: true,
      tax_status: 'taxable',
      tax_class: 'zero-rate',
      manage_stock: true,
      stock_quantity: 5,
      stock_status: 'instock',
      backorders: 'no',
      date_created: '2025-03-01T10:00:00',
      date_created_gmt: '2025-03-01T10:00:00',
      date_on_sale_from: null,
      date_on_sale_to_gmt: null,
      categories: [{ id: coffee, name: 'Coffee', slug: 'coffee' }],
      tags: [{ id: organic, name: 'Organic', slug: 'organic' }],
      brands: [{ id: acme, name: 'Acme Roasters', slug: 'acme-roasters' }],
      images: [],
      variations: [],
      meta_data: [],
      price_html: '<del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>12.00</bdi></span></del> <ins><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>9.50</bdi></span></ins>',
    });
    expect(response.body._links).toEqual({ self: [{ href: `${server.apiUrl}/products/${ids.espresso}` }], collection: [{ href: `${server.apiUrl}/products` }] });
  });

  it('prices a sale outside its window at the regular price', async () => {
    const mug = (await get<Item>(`/products/${ids.expiredSale}`)).body;
    expect(mug).toMatchObject({ price: '8.00', regular_price: '8.00', sale_price: '5.00', on_sale: false, date_on_sale_to_gmt: '2020-01-31T23:59:59' });
    const teapot = (await get<Item>(`/products/${ids.futureSale}`)).body;
    expect(teapot).toMatchObject({ price: '30.00', on_sale: false, date_on_sale_from: '2999-01-01T00:00:00' });
  });

  it('gives a variable product its variations, the lowest variation price and a derived on_sale', async () => {
    const response = await get<Item>(`/products/${ids.tshirt}`);
    expect(response.body).toMatchObject({
      type: 'variable',
      variations: [tshirtRed, tshirtBlue],
      price: '15.00',
      regular_price: '',
      sale_price: '',
      on_sale: true,
      has_options: true,
      stock_status: 'instock',
    });
    expect(response.body.attributes).toEqual([
      { id: 0, name: 'Colour', slug: 'colour', position: 0, visible: true, variation: true, options: ['Red', 'Blue'] },
      { id: 0, name: 'Size', slug: 'size', position: 1, visible: true, variation: true, options: ['Small', 'Large'] },
    ]);
  });

  it('answers 404 pos_rest_product_invalid_id for unknown ids and for variation ids', async () => {
    for (const id of [999_999, tshirtRed]) {
      const response = await fail(`/products/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('pos_rest_product_invalid_id');
      expect(response.body.data.status).toBe(404);
    }
  });
});

describe('GET /products/variations', () => {
  it('lists variations of every product, flat, with parent, name, attributes and one image', async () => {
    const response = await get('/products/variations?orderby=id&order=asc');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('2');
    const [red, blue] = response.body;
    if (!red || !blue) throw new Error('two variations expected');
    expect(red).toMatchObject({
      id: tshirtRed,
      type: 'variation',
      parent_id: ids.tshirt,
      name: 'T-Shirt - Red, Large',
      sku: 'TSHIRT-RED-L',
      barcode: '4000000000017',
      price: '20.00',
      on_sale: false,
      tax_class: '',
      attributes: [
        { id: 0, name: 'Colour', slug: 'colour', option: 'Red' },
        { id: 0, name: 'Size', slug: 'size', option: 'Large' },
      ],
      image: { id: 7, src: 'https://example.test/red.jpg', name: 'red', alt: 'Red T-Shirt' },
    });
    expect(blue).toMatchObject({ id: tshirtBlue, name: 'T-Shirt - Blue, Small', price: '15.00', regular_price: '18.00', sale_price: '15.00', on_sale: true, image: null });
    expect(red).not.toHaveProperty('categories');
    expect(red._links.up).toEqual([{ href: `${server.apiUrl}/products/${ids.tshirt}` }]);
  });

  it('filters variations by parent, sku, barcode, search, on_sale and include/exclude', async () => {
    expect(idsOf((await get(`/products/variations?parent=${ids.tshirt}&orderby=id&order=asc`)).body)).toEqual([tshirtRed, tshirtBlue]);
    expect((await get(`/products/variations?parent=${ids.espresso}`)).body).toEqual([]);
    expect(idsOf((await get('/products/variations?sku=TSHIRT-BLUE-S')).body)).toEqual([tshirtBlue]);
    expect(idsOf((await get('/products/variations?barcode=4000000000017')).body)).toEqual([tshirtRed]);
    expect(idsOf((await get('/products/variations?search=red')).body)).toEqual([tshirtRed]);
    expect(idsOf((await get('/products/variations?on_sale=true')).body)).toEqual([tshirtBlue]);
    expect(idsOf((await get(`/products/variations?exclude=${tshirtBlue}`)).body)).toEqual([tshirtRed]);
    expect(idsOf((await get('/products/variations?orderby=price&order=desc')).body)).toEqual([tshirtRed, tshirtBlue]);
  });

  it('serves the offline-sync audit and refuses other per_page=-1 uses', async () => {
    const audit = await get('/products/variations?per_page=-1&_fields=id,date_modified_gmt&orderby=id&order=asc');
    expect(audit.body).toEqual([
      { id: tshirtRed, date_modified_gmt: '2025-03-08T10:01:00' },
      { id: tshirtBlue, date_modified_gmt: '2025-03-08T10:02:00' },
    ]);
    expect(audit.headers.get('x-wp-totalpages')).toBe('1');
    expect((await get('/products/variations?per_page=-1')).status).toBe(400);
  });

  it('does not list variations in /products', async () => {
    expect((await get('/products?sku=TSHIRT-RED-L')).body).toEqual([]);
  });
});
