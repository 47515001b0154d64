import { describe, expect, it } from 'vitest';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { ean13 } from '../../server/model/catalogue/barcode.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

/*
 * A generated catalogue of 10,000 products over real HTTP: paging, the offline-sync audit and the
 * indexed search. Every expectation is computed from the generator, independently of the server.
 */

const COUNT = 10_000;
const BRANDS = ['Hillside', 'Bayview', 'Northfield', 'Redwood', 'Sunvale', 'Oakmere', 'Clearbrook', 'Stonegate', 'Meadowlark', 'Silverpine'];
const GOODS = [
  'Oat Milk',
  'Greek Yogurt',
  'Cheddar',
  'Sourdough',
  'Olive Oil',
  'Basmati Rice',
  'Penne',
  'Green Tea',
  'Dark Chocolate',
  'Peanut Butter',
  'Apple Juice',
  'Granola',
  'Tomato Soup',
  'Honey',
  'Coffee Beans',
  'Sea Salt',
  'Almonds',
  'Oatcakes',
  'Hummus',
  'Lemonade',
];
const VARIANTS = ['Classic', 'Organic', 'Light', 'Wholesome', 'Reserve'];
const SIZES = ['100 g', '250 g', '500 g', '1 kg', '330 ml', '500 ml', '1 L', '2 L', '4 pack', '12 pack'];
const CATEGORIES = ['Dairy', 'Bakery', 'Pantry', 'Drinks', 'Snacks'];
/** Products whose position is a multiple of this were modified after the others. */
const MODIFIED_EVERY = 250;
const LATE_MODIFICATION = '2025-06-01T12:00:00';

interface Generated {
  name: string;
  sku: string;
  barcode: string;
  category: string;
  created: string;
  modified: string;
}

/** Product `index` (0-based): every brand × variant × goods × size once, so every name is distinct. */
function generated(index: number): Generated {
  const brand = BRANDS[index % 10] ?? '';
  const goods = GOODS[Math.floor(index / 10) % 20] ?? '';
  const variant = VARIANTS[Math.floor(index / 200) % 5] ?? '';
  const size = SIZES[Math.floor(index / 1000) % 10] ?? '';
  const number = String(index + 1).padStart(5, '0');
  const created = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString().slice(0, 19);
  return {
    name: `${brand} ${variant} ${goods} ${size}`,
    sku: `LC-${number}`,
    barcode: ean13(`2900000${number}`),
    category: CATEGORIES[index % CATEGORIES.length] ?? '',
    created,
    modified: (index + 1) % MODIFIED_EVERY === 0 ? LATE_MODIFICATION : created,
  };
}

const catalogue = Array.from({ length: COUNT }, (_, index) => generated(index));
/** Ids in generation order. */
let ids: number[] = [];
const categoryIds = new Map<string, number>();

const { server, tokens } = useServer({ roles: ['cashier'], timeout: 120_000 }, () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const products = servicesOf(db).repositories.products;
    const terms = new TermsRepository(db);
    for (const name of CATEGORIES) categoryIds.set(name, terms.create('product_cat', { name }).id);
    ids = db.transaction(() =>
      catalogue.map(
        (item, index) =>
          products.create({
            type: 'simple',
            name: item.name,
            sku: item.sku,
            barcode: item.barcode,
            regular_price: `${(index % 40) + 1}.49`,
            category_ids: [categoryIds.get(item.category) ?? 0],
            date_created_gmt: item.created,
            date_modified_gmt: item.modified,
          }).id,
      ),
    )();
  } finally {
    db.close();
  }
});

interface Item {
  id: number;
  name: string;
}
const get = <T = Item[]>(path: string) => api<T>(server, 'GET', path, { token: tokens.cashier });

/** Every id a search returns, over all its pages, with the total the server announced. */
async function searchAll(text: string): Promise<{ ids: number[]; total: number }> {
  const found: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const response = await get(`/products?search=${encodeURIComponent(text)}&orderby=id&order=asc&per_page=100&page=${page}`);
    expect(response.status).toBe(200);
    total = Number(response.headers.get('x-wp-total'));
    found.push(...response.body.map((item) => item.id));
    if (page >= Number(response.headers.get('x-wp-totalpages'))) break;
  }
  return { ids: found, total };
}

/** What a search must return: substring of name, SKU or barcode from three characters, else a name prefix or a whole SKU or barcode. */
function expectedSearch(text: string): number[] {
  const needle = text.toLowerCase();
  const matches = (item: Generated) =>
    Array.from(text).length >= 3
      ? [item.name, item.sku, item.barcode].some((value) => value.toLowerCase().includes(needle))
      : item.name.toLowerCase().startsWith(needle) || item.sku.toLowerCase() === needle || item.barcode === text;
  return catalogue.flatMap((item, index) => (matches(item) ? [ids[index] ?? 0] : []));
}

describe('a catalogue of 10,000 products', () => {
  it('pages with X-WP-Total, X-WP-TotalPages and prev/next links', async () => {
    const middle = await get('/products?per_page=100&page=50');
    expect(middle.status).toBe(200);
    expect(middle.body).toHaveLength(100);
    expect(middle.headers.get('x-wp-total')).toBe(String(COUNT));
    expect(middle.headers.get('x-wp-totalpages')).toBe('100');
    const link = middle.headers.get('link') ?? '';
    expect(link).toMatch(/<[^>]*\/pos\/v1\/products\?per_page=100&page=49>; rel="prev"/);
    expect(link).toMatch(/<[^>]*\/pos\/v1\/products\?per_page=100&page=51>; rel="next"/);
    // Newest first by default: page 50 holds products 5,000 to 4,901 counted from the newest.
    expect(middle.body.map((item) => item.id)).toEqual(ids.slice(COUNT - 5000, COUNT - 4900).reverse());
  });

  it('ends with a last page linking back only, and answers [] past it with the totals intact', async () => {
    const last = await get('/products?per_page=100&page=100');
    expect(last.body.map((item) => item.id)).toEqual(ids.slice(0, 100).reverse());
    expect(last.headers.get('link')).toMatch(/page=99>; rel="prev"$/);
    expect(last.headers.get('link')).not.toContain('rel="next"');
    const past = await get('/products?per_page=100&page=101');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-wp-total')).toBe(String(COUNT));
    expect(past.headers.get('x-wp-totalpages')).toBe('100');
  });

  it('visits every product once, without duplicates or gaps, over all pages of 100 ordered by id', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= COUNT / 100; page++) {
      const response = await get(`/products?per_page=100&page=${page}&orderby=id&order=asc&_fields=id`);
      expect(response.body).toHaveLength(100);
      seen.push(...response.body.map((item) => item.id));
    }
    expect(seen).toEqual(ids);
  });

  it('lists every id with its modification time in one audit response, and modified_after narrows it', async () => {
    const audit = await get<Array<{ id: number; date_modified_gmt: string }>>('/products?per_page=-1&_fields=id,date_modified_gmt&orderby=id&order=asc');
    expect(audit.status).toBe(200);
    expect(audit.headers.get('x-wp-total')).toBe(String(COUNT));
    expect(audit.headers.get('x-wp-totalpages')).toBe('1');
    expect(audit.body).toEqual(catalogue.map((item, index) => ({ id: ids[index], date_modified_gmt: item.modified })));

    const changed = await get<Array<{ id: number; date_modified_gmt: string }>>(
      `/products?per_page=-1&_fields=id,date_modified_gmt&orderby=id&order=asc&modified_after=2025-05-31T00:00:00`,
    );
    const late = ids.filter((_, index) => (index + 1) % MODIFIED_EVERY === 0);
    expect(late).toHaveLength(COUNT / MODIFIED_EVERY);
    expect(changed.body).toEqual(late.map((id) => ({ id, date_modified_gmt: LATE_MODIFICATION })));
    expect(changed.headers.get('x-wp-total')).toBe(String(late.length));
  });

  it('finds products by a name fragment, across words and in any case', async () => {
    for (const text of ['SIDE ORGANIC OAT', 'gurt 1 k', 'chocolate 12 pa', 'oatca', 'e hum']) {
      const expected = expectedSearch(text);
      expect(expected.length, text).toBeGreaterThan(0);
      expect(await searchAll(text), text).toEqual({ ids: expected, total: expected.length });
    }
    // Oatcakes of ten brands, in five variants and ten sizes.
    expect((await searchAll('oatcakes')).total).toBe(500);
    expect((await searchAll('Hillside Organic Oatcakes 1 kg')).ids).toEqual([ids[1000 * 3 + 200 * 1 + 10 * 17]]);
  });

  it('finds a product by its SKU or barcode, whole or in part', async () => {
    const item = catalogue[4320];
    const id = ids[4320];
    expect((await searchAll(item?.sku ?? '')).ids).toEqual([id]);
    expect((await searchAll(item?.barcode ?? '')).ids).toEqual([id]);
    expect((await searchAll('lc-0432')).ids).toEqual(ids.slice(4319, 4329));
    const fragment = (item?.barcode ?? '').slice(5, 12);
    expect(await searchAll(fragment)).toEqual({ ids: expectedSearch(fragment), total: expectedSearch(fragment).length });
  });

  it('answers a search of one or two characters with the names that start with them', async () => {
    const expected = expectedSearch('su');
    expect(expected).toHaveLength(COUNT / BRANDS.length);
    expect(await searchAll('Su')).toEqual({ ids: expected, total: expected.length });
  });

  it('filters by category and by exact SKU and barcode', async () => {
    const drinks = await get(`/products?category=${categoryIds.get('Drinks')}&per_page=1`);
    expect(drinks.headers.get('x-wp-total')).toBe(String(COUNT / CATEGORIES.length));
    const item = catalogue[9876];
    expect((await get(`/products?sku=${item?.sku}`)).body.map((product) => product.id)).toEqual([ids[9876]]);
    expect((await get(`/products?barcode=${item?.barcode}`)).body.map((product) => product.name)).toEqual([item?.name]);
  });
});
