import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { runCli } from '../helpers/cli.js';
import { exec, fixture, messagesOf, runImport, snapshot } from '../helpers/import-files.js';

/**
 * `tillbase import products FILE.csv` through the built CLI, against the data directory of a running
 * test server, with the results read back through the real HTTP API. The tests run in order: each
 * one starts from the catalogue the previous ones left.
 */

const { server, tokens } = useServer({ roles: ['cashier'] });

async function productBySku(sku: string): Promise<any> {
  const response = await api<any[]>(server, 'GET', `/products?sku=${encodeURIComponent(sku)}`, { token: tokens.cashier });
  expect(response.status).toBe(200);
  expect(response.body, `one product with SKU ${sku}`).toHaveLength(1);
  return response.body[0];
}

async function variationBySku(sku: string): Promise<any> {
  const response = await api<any[]>(server, 'GET', `/products/variations?sku=${encodeURIComponent(sku)}`, { token: tokens.cashier });
  expect(response.status).toBe(200);
  expect(response.body, `one variation with SKU ${sku}`).toHaveLength(1);
  return response.body[0];
}

const names = (terms: Array<{ name: string }>) => terms.map((term) => term.name);

describe('a WooCommerce product export', () => {
  it('creates every row, with the counts and the new terms on standard output', async () => {
    const result = await runImport(server, 'products', 'products.csv');
    expect(messagesOf(result.stderr)).toBe('');
    expect(result.stdout).toBe('imported products.csv: 9 created, 0 updated, 0 unchanged, 0 rejected\ncreated 9 categories, 3 tags and 2 brands\n');
    expect(result.code).toBe(0);
  });

  it('reads prices, sale dates, stock, barcode, tax class, images, quoted cells and terms', async () => {
    const beans = await productBySku('HC-ETH-250');
    expect(beans).toMatchObject({
      name: 'Ethiopia Guji, Washed 250g',
      type: 'simple',
      status: 'publish',
      featured: false,
      catalog_visibility: 'visible',
      description: 'Notes of "bergamot", peach and jasmine.\nRoasted every Monday, shipped the same week.',
      barcode: '5012345678900',
      global_unique_id: '5012345678900',
      regular_price: '9.95',
      sale_price: '8.50',
      price: '8.50',
      on_sale: true,
      date_on_sale_from_gmt: '2025-01-01T00:00:00',
      date_on_sale_to_gmt: '2035-12-31T23:59:59',
      tax_status: 'taxable',
      tax_class: 'reduced-rate',
      manage_stock: true,
      stock_quantity: 24,
      stock_status: 'instock',
      backorders: 'no',
      weight: '0.25',
      virtual: false,
      menu_order: 1,
      meta_data: [],
    });
    expect(names(beans.categories)).toEqual(['Gifts', 'Single Origin']);
    expect(names(beans.tags)).toEqual(['Organic']);
    expect(names(beans.brands)).toEqual(['Harbour Roasters']);
    expect(beans.images.map((image: any) => [image.id, image.src, image.name, image.alt])).toEqual([
      [0, 'https://harbour.example/wp-content/uploads/2025/01/guji-250.jpg', 'guji-250', ''],
      [0, 'https://harbour.example/wp-content/uploads/2025/01/guji-back.jpg', 'guji-back', ''],
    ]);

    const flatWhite = await productBySku('HC-FW');
    expect(flatWhite).toMatchObject({
      name: 'Flat White',
      virtual: true,
      featured: true,
      short_description: 'Double ristretto, steamed milk.',
      // The exporter writes newlines as the two characters \n.
      description: 'Velvety micro-foam over a double ristretto.\nServed in a 6oz cup.',
      price: '3.40',
      tax_class: '',
      manage_stock: false,
      stock_quantity: null,
      barcode: '',
    });
    expect(names(flatWhite.categories)).toEqual(['Coffee']);
    expect(names(flatWhite.tags)).toEqual(['Bestseller', 'Hot']);
    expect(names(flatWhite.brands)).toEqual(['Harbour House']);
  });

  it('maps Published, In stock?, Stock and the flags as WooCommerce does (1 publish, 0 private, -1 draft)', async () => {
    expect(await productBySku('HC-SEAS')).toMatchObject({
      status: 'draft',
      stock_status: 'outofstock',
      manage_stock: false,
      tax_class: 'reduced-rate',
      price: '11.00',
    });
    expect(await productBySku('HC-CB')).toMatchObject({ name: 'Cold Brew "Nitro", 330ml', status: 'private', stock_status: 'onbackorder' });
    // Stock "'-2": the exporter's escape of a leading minus; backorders allowed, so on backorder.
    expect(await productBySku('HC-TEA')).toMatchObject({
      manage_stock: true,
      stock_quantity: -2,
      backorders: 'yes',
      stock_status: 'onbackorder',
      catalog_visibility: 'search',
    });
    expect(names((await productBySku('HC-TEA')).categories)).toEqual(['Tea, Herbal & Fruit']);
    expect(await productBySku('HC-GIFT-25')).toMatchObject({
      tax_status: 'none',
      sold_individually: true,
      virtual: true,
      catalog_visibility: 'catalog',
      regular_price: '25.00',
    });
  });

  it('builds the category tree from "Parent > Child" paths', async () => {
    const response = await api<any[]>(server, 'GET', '/products/categories?per_page=100&orderby=id&order=asc', { token: tokens.cashier });
    const byId = new Map(response.body.map((term) => [term.id, term]));
    expect(response.body.map((term) => [term.name, term.slug, byId.get(term.parent)?.name ?? null])).toEqual([
      ['Drinks', 'drinks', null],
      ['Coffee', 'coffee', 'Drinks'],
      ['Beans', 'beans', null],
      ['Single Origin', 'single-origin', 'Beans'],
      ['Gifts', 'gifts', null],
      ['Merchandise', 'merchandise', null],
      ['Blends', 'blends', 'Beans'],
      ['Cold Drinks', 'cold-drinks', 'Drinks'],
      ['Tea, Herbal & Fruit', 'tea-herbal-fruit', 'Drinks'],
    ]);
  });

  it('creates a variable product after its variations even when they come first, by SKU and by id:N', async () => {
    const mug = await productBySku('HC-MUG');
    expect(mug).toMatchObject({
      type: 'variable',
      name: 'Harbour Mug',
      price: '10.00',
      regular_price: '',
      stock_status: 'instock',
      short_description: 'Stoneware mug, glazed by hand.',
    });
    expect(mug.attributes).toEqual([
      { id: 0, name: 'Colour', slug: 'colour', position: 0, visible: true, variation: true, options: ['Blue', 'Sand'] },
      { id: 0, name: 'Material', slug: 'material', position: 1, visible: true, variation: false, options: ['Stoneware'] },
    ]);
    expect(mug.default_attributes).toEqual([{ id: 0, name: 'Colour', option: 'Blue' }]);
    expect(mug.variations).toHaveLength(2);

    const blue = await variationBySku('HC-MUG-BLU');
    expect(blue).toMatchObject({
      parent_id: mug.id,
      name: 'Harbour Mug - Blue',
      barcode: '5012345678917',
      regular_price: '12.00',
      manage_stock: true,
      stock_quantity: 5,
      stock_status: 'instock',
      tax_class: '',
      menu_order: 1,
      attributes: [{ id: 0, name: 'Colour', slug: 'colour', option: 'Blue' }],
    });
    const sand = await variationBySku('HC-MUG-SND');
    expect(sand).toMatchObject({
      parent_id: mug.id,
      name: 'Harbour Mug - Sand',
      price: '10.00',
      on_sale: true,
      stock_quantity: 0,
      backorders: 'notify',
      stock_status: 'onbackorder',
    });
    expect(mug.variations.sort()).toEqual([blue.id, sand.id].sort());
  });

  it('reads a plain Barcode column, CRLF line endings and a tax class given by its name', async () => {
    const result = await runImport(server, 'products', 'products-barcode.csv');
    expect(result.stdout).toBe('imported products-barcode.csv: 2 created, 0 updated, 0 unchanged, 0 rejected\n');
    expect(result.code).toBe(0);
    const byBarcode = await api<any[]>(server, 'GET', '/products?barcode=0812741000017', { token: tokens.cashier });
    expect(byBarcode.body.map((product) => [product.sku, product.name, product.tax_class, product.price])).toEqual([
      ['BC-OAT', 'Oat Milk 1L', 'zero-rate', '2.10'],
    ]);
    expect(await productBySku('BC-LID')).toMatchObject({ barcode: '2000000000015', tax_class: 'zero-rate' });
  });
});

describe('the command line', () => {
  it('takes the data directory from TILLBASE_DATA_DIR', async () => {
    const result = await runCli(['import', 'products', fixture('products-barcode.csv')], '', { TILLBASE_DATA_DIR: server.dataDir });
    expect(result.stdout).toBe('imported products-barcode.csv: 0 created, 0 updated, 2 unchanged, 0 rejected\n');
    expect(result.code).toBe(0);
  });

  it.each([
    [['import'], 'import needs what to import: import products FILE.csv or import taxes FILE.csv'],
    [['import', 'customers', 'customers.csv'], 'unknown import "customers" (products, taxes)'],
    [['import', 'products'], 'import products takes one CSV file'],
    [['import', 'taxes', 'a.csv', 'b.csv'], 'import taxes takes one CSV file'],
    [['import', 'products', 'a.csv', '--dry-run'], "Unknown option '--dry-run'"],
  ])('exits 2 with one line for bad usage: %s', async (args, message) => {
    const result = await runCli([...args, '--data-dir', server.dataDir]);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
  });

  it('lists both imports in the help', async () => {
    const result = await runCli(['--help']);
    expect(result.stdout).toContain('import products FILE.csv');
    expect(result.stdout).toContain('import taxes FILE.csv');
  });
});

describe('rows with errors', () => {
  it('are reported with their line and reason, and the good rows are imported', async () => {
    const result = await runImport(server, 'products', 'products-bad-rows.csv');
    expect(result.stdout.split('\n')).toEqual([
      'imported products-bad-rows.csv: 2 created, 0 updated, 0 unchanged, 12 rejected',
      'created 1 category',
      'line 3: the row has no SKU: the import creates and updates products by SKU',
      'line 4: regular price abc is not a number',
      'line 5: sale price 12.00 is not below regular price 10.00',
      'line 6: tax class food does not exist (classes: standard, reduced-rate, zero-rate)',
      'line 7: its parent BAD-CLASS (line 6) was rejected',
      'line 8: the parent SKU NOPE is neither in this file nor in the catalogue',
      'line 9: SKU BAD-OK-1 is also on line 2',
      // Line 10 holds a quoted description over two lines, so the next row is on line 12.
      'line 12: published yes is not 1 (published), 0 (private) or -1 (draft)',
      'line 13: grouped products are not imported: a till sells the products of a group one by one',
      'line 14: barcode 5.01235E+12 was turned into a number by a spreadsheet; format the column as text and export again',
      'line 15: in stock? maybe is not 1, 0 or backorder; stock 1.5 is not a whole number; regular price -3 is negative',
      'line 16: the parent BAD-OK-2 is a simple product, not a variable one',
      '',
    ]);
    expect(messagesOf(result.stderr)).toBe('');
    expect(result.code).toBe(0);

    expect(await productBySku('BAD-OK-1')).toMatchObject({ name: 'Good Muffin', price: '3.20', stock_quantity: 10 });
    expect(await productBySku('BAD-OK-2')).toMatchObject({ name: 'Good Loaf', description: 'Sourdough, 800g.\nBaked daily.', stock_quantity: 5 });
    const rejected = 'BAD-PRICE,BAD-SALE,BAD-CLASS,BAD-PUB,BAD-GROUP,BAD-EXCEL,BAD-MULTI';
    expect((await api<any[]>(server, 'GET', `/products?sku=${rejected}`, { token: tokens.cashier })).body).toEqual([]);
    expect((await api<any[]>(server, 'GET', '/products/variations?sku=BAD-VAR-1,BAD-ORPHAN,BAD-VAR-2', { token: tokens.cashier })).body).toEqual([]);
  });

  it('exit 1 and change nothing when every row is rejected', async () => {
    const before = snapshot(server);
    const result = await runImport(server, 'products', 'products-all-rejected.csv');
    expect(result.stdout).toBe(
      'nothing imported from products-all-rejected.csv: every row was rejected (2)\nline 2: regular price free is not a number\nline 3: the row has no SKU: the import creates and updates products by SKU\n',
    );
    expect(result.code).toBe(1);
    expect(snapshot(server)).toEqual(before);
  });
});

describe('a file that is not a usable product CSV', () => {
  it.each([
    ['products-unclosed-quote.csv', 'the file is not a valid CSV: a quoted field is never closed (in the row starting on line 3)'],
    ['products-latin1.csv', 'the file is not UTF-8 text (save it as "CSV UTF-8")'],
    [
      'products-semicolon.csv',
      'the file is not a WooCommerce product export: the header has no SKU, Name, Type columns (the file seems to be separated by semicolons; export it with commas)',
    ],
    ['products-header-only.csv', 'the file has a header but no rows'],
    ['empty.csv', 'the file is empty'],
    ['taxes.csv', 'the file is not a WooCommerce product export: the header has no SKU, Name, Type columns'],
    ['no-such-file.csv', 'cannot read it: no such file'],
  ])('%s is refused with one line and exit 2, and the database is unchanged', async (file, message) => {
    const before = snapshot(server);
    const result = await runImport(server, 'products', file);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`tillbase: cannot import ${file}: ${message}\n`);
    expect(result.code).toBe(2);
    expect(snapshot(server)).toEqual(before);
  });
});

describe('importing again', () => {
  it('updates by SKU without duplicating, keeps the fields of absent columns and clears emptied ones', async () => {
    const seasonalBefore = await productBySku('HC-SEAS');
    const result = await runImport(server, 'products', 'products-update.csv');
    expect(result.stdout).toBe('imported products-update.csv: 1 created, 3 updated, 1 unchanged, 0 rejected\ncreated 1 tag\n');
    expect(result.code).toBe(0);

    const flatWhite = await api<any[]>(server, 'GET', '/products?sku=HC-FW', { token: tokens.cashier });
    expect(flatWhite.headers.get('x-wp-total')).toBe('1');
    expect(flatWhite.body[0]).toMatchObject({
      price: '3.60',
      featured: true,
      virtual: true,
      description: 'Velvety micro-foam over a double ristretto.\nServed in a 6oz cup.',
    });
    expect(names(flatWhite.body[0].categories)).toEqual(['Coffee']);

    // Tags was present and empty: cleared. Stock, barcode, images and categories were absent: kept.
    const beans = await productBySku('HC-ETH-250');
    expect(beans.tags).toEqual([]);
    expect(names(beans.categories)).toEqual(['Gifts', 'Single Origin']);
    expect(beans).toMatchObject({ stock_quantity: 24, barcode: '5012345678900', sale_price: '8.50', tax_class: 'reduced-rate' });
    expect(beans.images).toHaveLength(2);

    // A renamed variable product renames its variations, as WooCommerce does.
    expect((await productBySku('HC-MUG')).name).toBe('Harbour Mug (Large)');
    expect((await variationBySku('HC-MUG-BLU')).name).toBe('Harbour Mug (Large) - Blue');
    expect((await variationBySku('HC-MUG-SND')).name).toBe('Harbour Mug (Large) - Sand');

    const seasonal = await productBySku('HC-SEAS');
    expect(seasonal.date_modified_gmt).toBe(seasonalBefore.date_modified_gmt);
    expect(await productBySku('HC-ESP')).toMatchObject({ name: 'Espresso', price: '2.80', tags: [expect.objectContaining({ name: 'New' })] });

    // 7 products of the export, 2 of the barcode file, 2 good rows of the bad file and the new Espresso.
    const all = await api<any[]>(server, 'GET', '/products?per_page=100', { token: tokens.cashier });
    expect(all.headers.get('x-wp-total')).toBe('12');
  });

  it('leaves every row unchanged (and its modification date) when the file is imported twice', async () => {
    const before = snapshot(server);
    const result = await runImport(server, 'products', 'products-update.csv');
    expect(result.stdout).toBe('imported products-update.csv: 0 created, 0 updated, 5 unchanged, 0 rejected\n');
    expect(result.code).toBe(0);
    expect(snapshot(server)).toEqual(before);
  });

  it('refuses type changes, taken barcodes, unknown options and reversed sale dates, and adds a variation to a product of the same file', async () => {
    const result = await runImport(server, 'products', 'products-conflicts.csv');
    expect(result.stdout.split('\n')).toEqual([
      'imported products-conflicts.csv: 1 created, 1 updated, 0 unchanged, 6 rejected',
      'line 2: SKU HC-FW is a simple product; the import cannot make it variable',
      'line 3: barcode 5012345678900 already belongs to SKU HC-ETH-250',
      'line 4: Colour Red is not one of the options of Harbour Mug (Large) (Blue, Sand, Green)',
      'line 5: Harbour Mug (Large) has no attribute Size',
      'line 6: date sale price ends 2025-01-01 is before date sale price starts 2025-02-01',
      'line 9: tax class parent does not exist (classes: standard, reduced-rate, zero-rate)',
      '',
    ]);
    expect(result.code).toBe(0);
    const mug = await productBySku('HC-MUG');
    // The row names one attribute: it replaces the product's attributes (Material is gone), as in WooCommerce.
    expect(mug.attributes).toEqual([
      { id: 0, name: 'Colour', slug: 'colour', position: 0, visible: true, variation: true, options: ['Blue', 'Sand', 'Green'] },
    ]);
    expect(mug.variations).toHaveLength(3);
    expect(await variationBySku('HC-MUG-GRN')).toMatchObject({
      parent_id: mug.id,
      name: 'Harbour Mug (Large) - Green',
      barcode: '5012345678924',
      attributes: [{ id: 0, name: 'Colour', slug: 'colour', option: 'Green' }],
    });
    expect((await productBySku('HC-FW')).type).toBe('simple');
  });

  it('updates variations in place by SKU, under the parent they have', async () => {
    const result = await runImport(server, 'products', 'products-variation-stock.csv');
    expect(result.stdout).toBe('imported products-variation-stock.csv: 0 created, 1 updated, 1 unchanged, 0 rejected\n');
    expect(await variationBySku('HC-MUG-BLU')).toMatchObject({
      name: 'Harbour Mug (Large) - Blue',
      stock_quantity: 7,
      regular_price: '13.00',
      barcode: '5012345678917',
    });
    expect(await variationBySku('HC-MUG-SND')).toMatchObject({ stock_quantity: 0, sale_price: '10.00', price: '10.00' });
  });

  it('rolls everything back when a write fails half-way', async () => {
    exec(server, "CREATE TRIGGER refuse_write_failure_two BEFORE INSERT ON products WHEN NEW.sku = 'WF-2' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    try {
      const before = snapshot(server);
      const result = await runImport(server, 'products', 'products-write-failure.csv');
      expect(result.stdout).toBe('');
      expect(messagesOf(result.stderr)).toBe('tillbase: importing products-write-failure.csv failed and nothing was changed: disk I/O error\n');
      expect(result.code).toBe(1);
      expect(snapshot(server)).toEqual(before);
      expect((await productBySku('HC-FW')).price).toBe('3.60');
    } finally {
      exec(server, 'DROP TRIGGER refuse_write_failure_two;');
    }
  });
});
