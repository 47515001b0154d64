import type { NewProduct } from '../../server/model/catalogue/types.js';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { ean13 } from '../../server/model/catalogue/barcode.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api, type TestServer } from './server.js';
import { useServer } from './use-server.js';
import { servicesOf } from './services.js';

/*
 * The catalogue the product-list tests read (products-list.test.ts, products-shapes.test.ts): 240
 * generated products, seven named ones and a variable T-shirt with two variations, served by a
 * server of each test file's own. The bindings below are filled in by `useCatalogueFixture`'s
 * set-up, and the test files read them through ES module live bindings.
 */

export const GENERATED = 240;

export let server: TestServer;
export let token: string;
export const ids: Record<string, number> = {};
export let coffee: number;
export let tea: number;
export let organic: number;
export let acme: number;
export let tshirtRed: number;
export let tshirtBlue: number;

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

/** Starts the file's server with the catalogue (useServer's set-up) and closes it after the file. */
export function useCatalogueFixture(): void {
  const fixture = useServer({ roles: ['cashier'] }, ({ tokens }) => {
    token = tokens.cashier;
    const db = openDataDirDatabase(server.dataDir);
    try {
      const products = servicesOf(db).repositories.products;
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
      ids.greenTea = products.create({
        type: 'simple',
        name: 'Green Tea',
        sku: 'TEA-1',
        barcode: '5012345678900',
        regular_price: '4.00',
        category_ids: [tea],
        tag_ids: [organic],
        date_created_gmt: '2025-03-02T10:00:00',
      }).id;
      ids.draft = products.create({
        type: 'simple',
        name: 'Draft Cake',
        sku: 'DRAFT-1',
        regular_price: '3.00',
        status: 'draft',
        category_ids: [tea],
        date_created_gmt: '2025-03-03T10:00:00',
      }).id;
      ids.trashed = products.create({
        type: 'simple',
        name: 'Trashed Muffin',
        sku: 'TRASH-1',
        regular_price: '2.00',
        status: 'trash',
        date_created_gmt: '2025-03-04T10:00:00',
      }).id;
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
      ids.soldOut = products.create({
        type: 'simple',
        name: 'Sold Out Scone',
        sku: 'SCONE-1',
        regular_price: '2.50',
        manage_stock: true,
        stock_quantity: 0,
        date_created_gmt: '2025-03-07T10:00:00',
      }).id;
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
  server = fixture.server;
}

/** Every product but the trashed one: the generated ones and 7 named (the draft counts: status defaults to any but trash). */
export const LISTED = GENERATED + 7;

export interface Links {
  self: Array<{ href: string }>;
  collection: Array<{ href: string }>;
  up?: Array<{ href: string }>;
}
export interface Item {
  id: number;
  name: string;
  date_modified_gmt: string;
  attributes: unknown[];
  _links: Links;
  [field: string]: unknown;
}
export interface ErrorBody {
  code: string;
  message: string;
  data: { status: number; params: Record<string, string> };
}

export const get = <T = Item[]>(path: string) => api<T>(server, 'GET', path, { token });
export const fail = (path: string) => api<ErrorBody>(server, 'GET', path, { token });
export const names = (body: Array<{ name: string }>) => body.map((item) => item.name);
export const idsOf = (body: Array<{ id: number }>) => body.map((item) => item.id);
