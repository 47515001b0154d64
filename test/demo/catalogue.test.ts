import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/data/database.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { isValidEan13 } from '../../server/model/catalogue/barcode.js';
import { isOnSale } from '../../server/model/catalogue/pricing.js';
import { gmtNow } from '../../server/model/dates.js';
import { seedDemoCatalogue } from '../../server/demo/catalogue.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

const directories: string[] = [];

function freshDatabase(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'tillbase-demo-'));
  directories.push(dir);
  return openDatabase(join(dir, 'tillbase.db'));
}

/** Every row of the tables the seed writes, except the store (whose modification time is the seed's). */
function dump(db: Database): Record<string, unknown[]> {
  const tables: Record<string, string> = { products: 'id', terms: 'id', product_terms: 'product_id, term_id', coupons: 'id', customers: 'id', tax_rates: 'id' };
  return Object.fromEntries(Object.entries(tables).map(([table, order]) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all()]));
}

interface ProductRow {
  id: number;
  parent_id: number;
  type: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  regular_price: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
  tax_class: string;
  manage_stock: number;
  stock_quantity: number | null;
  stock_status: string;
}

let db: Database;
let rows: ProductRow[];

beforeAll(() => {
  db = freshDatabase();
  seedDemoCatalogue(servicesOf(db));
  rows = db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY id').all();
});

afterAll(() => {
  db.close();
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

describe('seedDemoCatalogue', () => {
  it('seeds a catalogue of 250 to 400 products, 11 of them variable with their variations', () => {
    const products = rows.filter((row) => row.type !== 'variation');
    const variable = products.filter((row) => row.type === 'variable');
    const variations = rows.filter((row) => row.type === 'variation');
    expect(products.length).toBe(299);
    expect(products.length).toBeGreaterThanOrEqual(250);
    expect(products.length).toBeLessThanOrEqual(400);
    expect(variable.map((row) => row.name)).toEqual([
      'Mission Corner T-Shirt',
      'House Espresso Blend Beans',
      'Ethiopia Yirgacheffe Beans',
      'Ceramic Travel Mug',
      'Mission Corner Hoodie',
      'Knit Beanie',
      'Gift Hamper',
      'House Ground Coffee',
      'Cold Brew Concentrate',
      'Loose Leaf Tea Tin',
      'Celebration Cake',
    ]);
    expect(variable.map((row) => variations.filter((variation) => variation.parent_id === row.id).length)).toEqual([8, 3, 4, 3, 8, 3, 3, 4, 2, 8, 6]);
    expect(variations.find((row) => row.sku === 'MER-021-06')?.name).toBe('Mission Corner T-Shirt - Sage, Medium');
    expect(variations.find((row) => row.sku === 'PAN-049-07')?.name).toBe('Loose Leaf Tea Tin - Peppermint, 50 g');
    for (const row of variable) expect([row.regular_price, row.sale_price]).toEqual(['', '']);
  });

  it('gives every item a unique SKU and a unique, valid EAN-13 barcode (variable parents have no barcode)', () => {
    const skus = rows.map((row) => row.sku);
    expect(skus.every((sku) => sku !== null && /^[A-Z]{3}-\d{3}(-\d{2})?$/.test(sku))).toBe(true);
    expect(new Set(skus).size).toBe(rows.length);
    const barcodes = rows.filter((row) => row.type !== 'variable').map((row) => row.barcode ?? '');
    expect(barcodes).toHaveLength(rows.length - 11);
    for (const barcode of barcodes) expect(isValidEan13(barcode), barcode).toBe(true);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(rows.filter((row) => row.type === 'variable').every((row) => row.barcode === null)).toBe(true);
  });

  it('prices as decimal strings, with a few on sale and one sale that has ended', () => {
    for (const row of rows.filter((item) => item.type !== 'variable')) expect(row.regular_price).toMatch(/^\d+\.\d{2}$/);
    const now = gmtNow();
    const onSale = rows.filter((row) => isOnSale(row, now)).map((row) => row.name);
    expect(onSale).toEqual([
      'Cold Brew',
      'Blueberry Muffin',
      'Dark Chocolate Bar 70%',
      'Extra Virgin Olive Oil 500ml',
      'Kombucha Lavender',
      'Maple Pecan Granola 400g',
      'Strawberries 454g',
      'All-purpose Cleaner 750ml',
      'Mission Corner T-Shirt - Sage, Small',
      'Mission Corner T-Shirt - Sage, Medium',
      'Ethiopia Yirgacheffe Beans - Whole bean, 1 kg',
      'Ceramic Travel Mug - Cream',
      'Loose Leaf Tea Tin - Peppermint, 50 g',
    ]);
    const ended = rows.find((row) => row.name === 'Iced Latte');
    expect(ended).toMatchObject({ sale_price: '4.50', date_on_sale_to_gmt: '2025-02-28T23:59:59' });
    expect(ended && isOnSale(ended, now)).toBe(false);
  });

  it('tracks stock on some items (one sold out) and uses the reduced and zero rate classes', () => {
    const managed = rows.filter((row) => row.manage_stock === 1);
    // 230 simple products and every variation but the three of the travel mug.
    expect(managed.length).toBe(279);
    expect(managed.filter((row) => row.type === 'variation')).toHaveLength(52 - 3);
    expect(rows.filter((row) => row.stock_status === 'outofstock').map((row) => row.name)).toEqual(['Apple Juice 330ml']);
    expect(rows.filter((row) => row.manage_stock === 0).every((row) => row.stock_quantity === null)).toBe(true);
    const classes = (taxClass: string) => rows.filter((row) => row.type !== 'variation' && row.tax_class === taxClass).length;
    expect([classes(''), classes('reduced-rate'), classes('zero-rate')]).toEqual([134, 59, 106]);
    expect(rows.filter((row) => row.type === 'variation').every((row) => row.tax_class === 'parent')).toBe(true);
  });

  it('seeds categories, brands and tags, and files every product under some', () => {
    const count = (taxonomy: string) => db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM terms WHERE taxonomy = ?').get(taxonomy)?.n;
    expect([count('product_cat'), count('product_brand'), count('product_tag')]).toEqual([13, 9, 7]);
    const uncategorised = db
      .prepare<[], { n: number }>(
        "SELECT COUNT(*) AS n FROM products p WHERE p.type <> 'variation' AND NOT EXISTS (SELECT 1 FROM product_terms pt JOIN terms t ON t.id = pt.term_id WHERE pt.product_id = p.id AND t.taxonomy = 'product_cat')",
      )
      .get()?.n;
    expect(uncategorised).toBe(0);
  });

  it('seeds one coupon of each discount type', () => {
    const coupons = db
      .prepare<[], { code: string; discount_type: string; amount: string }>('SELECT code, discount_type, amount FROM coupons ORDER BY id')
      .all();
    expect(coupons).toEqual([
      { code: 'WELCOME10', discount_type: 'percent', amount: '10' },
      { code: 'SAVE5', discount_type: 'fixed_cart', amount: '5.00' },
      { code: 'PASTRY1', discount_type: 'fixed_product', amount: '1.00' },
    ]);
  });

  it('seeds five customers with Californian billing addresses', () => {
    const customers = db.prepare<[], { email: string; billing: string }>('SELECT email, billing FROM customers ORDER BY id').all();
    expect(customers).toHaveLength(5);
    for (const customer of customers) {
      const billing = JSON.parse(customer.billing) as Record<string, string>;
      expect(billing).toMatchObject({ email: customer.email, state: 'CA', country: 'US' });
      expect(billing.address_1).not.toBe('');
      expect(billing.postcode).toMatch(/^94\d{3}$/);
      expect(billing.phone).toMatch(/^\+1 \d{3} 555 01\d{2}$/);
    }
  });

  it("seeds the tax rates of the store's base and the store's details", () => {
    const rates = db.prepare('SELECT country, state, cities, rate, name, priority, shipping, class FROM tax_rates ORDER BY id').all();
    expect(rates).toEqual([
      { country: 'US', state: 'CA', cities: '[]', rate: '7.2500', name: 'CA State Tax', priority: 1, shipping: 0, class: 'standard' },
      { country: 'US', state: 'CA', cities: '["SAN FRANCISCO"]', rate: '1.3750', name: 'SF District Tax', priority: 2, shipping: 0, class: 'standard' },
      { country: 'US', state: 'CA', cities: '[]', rate: '3.6250', name: 'CA Reduced Rate', priority: 1, shipping: 0, class: 'reduced-rate' },
      { country: 'US', state: 'CA', cities: '[]', rate: '0.0000', name: 'CA Exempt', priority: 1, shipping: 0, class: 'zero-rate' },
    ]);
    const store = new StoresRepository(db).find(1);
    expect(store).toMatchObject({
      name: 'Mission Corner Café & Market',
      store_address: '2150 Mission Street',
      store_city: 'San Francisco',
      store_postcode: '94110',
      store_state: 'CA',
      store_country: 'US',
      phone: '+1 415 555 0137',
      email: 'hello@missioncorner.example',
      currency: 'USD',
      calc_taxes: true,
      prices_include_tax: false,
    });
  });

  it('seeds the same data on every run', () => {
    const other = freshDatabase();
    try {
      seedDemoCatalogue(servicesOf(other));
      expect(dump(other)).toEqual(dump(db));
    } finally {
      other.close();
    }
  });

  it('changes nothing when seeded again (it seeds only an empty catalogue)', () => {
    const before = dump(db);
    const storeBefore = new StoresRepository(db).find(1);
    seedDemoCatalogue(servicesOf(db));
    expect(dump(db)).toEqual(before);
    expect(new StoresRepository(db).find(1)).toEqual(storeBefore);
  });
});

describe('the demo shop through the API', () => {
  const { server, tokens } = useServer({ roles: ['cashier'], catalogue: 'demo' });

  it('lists the demo products, variations, terms, coupons and customers', async () => {
    const get = (path: string) =>
      api<Array<{ id: number; name: string; barcode: string; variations: number[]; [field: string]: unknown }>>(server, 'GET', path, { token: tokens.cashier });
    expect((await get('/products?per_page=1')).headers.get('x-wp-total')).toBe('299');
    expect((await get('/products/variations?per_page=1')).headers.get('x-wp-total')).toBe('52');
    const [shirt] = (await get('/products?search=t-shirt')).body;
    expect(shirt).toMatchObject({ name: 'Mission Corner T-Shirt', type: 'variable', price: '19.00', on_sale: true });
    expect(shirt?.variations).toHaveLength(8);
    const [firstVariation] = (await get(`/products/variations?parent=${shirt?.id}&orderby=id&order=asc`)).body;
    expect(firstVariation?.barcode).toMatch(/^2000000\d{6}$/);
    const scanned = (await get(`/products/variations?barcode=${firstVariation?.barcode}`)).body;
    expect(scanned.map((variation) => variation.name)).toEqual(['Mission Corner T-Shirt - Black, Small']);
    const coffee = (await get('/products/categories?slug=coffee')).body[0];
    expect(coffee).toMatchObject({ name: 'Coffee', count: 24 });
    expect((await get('/coupons?code=save5')).body[0]).toMatchObject({ code: 'SAVE5', discount_type: 'fixed_cart', amount: '5.00', minimum_amount: '25.00' });
    expect((await get('/customers?search=okafor')).body[0]).toMatchObject({
      email: 'daniel.okafor@example.com',
      billing: { city: 'Oakland', company: 'Okafor Studio' },
    });
  });

  it('finds demo products as a cashier types: a fragment of a name, a SKU, a barcode, or the first letters', async () => {
    const names = async (search: string) =>
      (
        await api<Array<{ name: string }>>(server, 'GET', `/products?search=${encodeURIComponent(search)}&orderby=title&order=asc&per_page=100`, {
          token: tokens.cashier,
        })
      ).body.map((product) => product.name);
    expect(await names('LATTE')).toEqual([
      'Caffè Latte',
      'Caramel Latte',
      'Chai Latte',
      'Hazelnut Latte',
      'Hojicha Latte',
      'Iced Chai Latte',
      'Iced Latte',
      'Iced Matcha Latte',
      'Matcha Latte',
      'Oat Latte Can 250ml',
      'Oat Milk Latte',
      'Turmeric Latte',
      'Vanilla Latte',
    ]);
    expect(await names('cof-016')).toEqual(['Oat Milk Latte']);
    expect(await names('2000000000343')).toEqual(['Oat Milk Latte']);
    expect(await names('ba')).toEqual([
      'Baby Spinach 142g',
      'Babyccino',
      'Bacon, Egg & Cheese Bagel',
      'Bagel with Cream Cheese',
      'Baguette',
      'Baking Soda 454g',
      'Balsamic Vinegar 250ml',
      'Banana',
      'Banana Bread Slice',
      'Barista Oat Milk 1L',
      'Basil Pesto 190g',
      'Basmati Rice 1kg',
    ]);
  });
});
