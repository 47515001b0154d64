import type { NewProduct } from '../../server/model/catalogue/types.js';
import { withDb, type TestServer } from './server.js';
import { servicesOf } from './services.js';

/**
 * The items the till's sale rules meet beside shop-data.ts's catalogue: things sold by weight, a scale's
 * labels, scarce stock, an item taken off sale, a variation with a barcode of its own. Written through
 * the repositories, as shop-data.ts writes its catalogue.
 */
export interface SaleShelf {
  /** 2.40 a kg, sold by weight, stock 25; GS1 item 12345 (`label(12345, …)`). */
  apples: number;
  /** Jam, 3.00, stock 2 and no backorders. */
  jam: number;
  /** Draft: not for sale. */
  draft: number;
  /** Honey (variable) with a variation of 500 g at 7.00, barcode 5012345678900, stock 3, no backorders. */
  honey: number;
  honeyJar: number;
  /** Nuts (variable) whose variation of loose nuts, 12.00 a kg, is sold by weight; GS1 item 54321. */
  nuts: number;
  nutsLoose: number;
  /** Olives (variable) whose variation is draft, and whose product is published. */
  olives: number;
  olivesDraft: number;
  /** Cheese at the counter, priced by a scale's label (prefix 23, GS1 item 22222), stock 1 and no backorders. */
  cheese: number;
}

const BY_WEIGHT = [{ key: '_pos_sold_by_weight', value: 'yes' }];

/** A GS1 variable-measure label (2P IIIII VVVVV C): prefix 20 for a weight in grams, 23 for a price in cents. */
export function label(prefix: '20' | '23', item: number, value: number): string {
  const digits = `${prefix}${String(item).padStart(5, '0')}${String(value).padStart(5, '0')}`;
  const sum = Array.from({ length: digits.length }, (_unused, index) => Number(digits[index]) * (index % 2 === 0 ? 1 : 3)).reduce((a, b) => a + b, 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

export function stockSaleShelf(server: TestServer): SaleShelf {
  return withDb(server, (db) => {
    const products = servicesOf(db).repositories.products;
    const make = (product: NewProduct) => products.create(product).id;
    const apples = make({
      type: 'simple',
      name: 'Apples',
      barcode: label('20', 12345, 0),
      regular_price: '2.40',
      manage_stock: true,
      stock_quantity: 25,
      meta_data: BY_WEIGHT,
    });
    const jam = make({ type: 'simple', name: 'Jam', sku: 'JAM-1', regular_price: '3.00', manage_stock: true, stock_quantity: 2, backorders: 'no' });
    const draft = make({ type: 'simple', name: 'Draft cake', sku: 'CAKE-9', regular_price: '5.00', status: 'draft' });
    const honey = make({ type: 'variable', name: 'Honey', sku: 'HON' });
    const honeyJar = make({
      type: 'variation',
      parent_id: honey,
      sku: 'HON-500',
      barcode: '5012345678900',
      regular_price: '7.00',
      manage_stock: true,
      stock_quantity: 3,
      backorders: 'no',
      variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: '500 g' }],
    });
    const nuts = make({ type: 'variable', name: 'Nuts', sku: 'NUT' });
    const nutsLoose = make({
      type: 'variation',
      parent_id: nuts,
      sku: 'NUT-LOOSE',
      barcode: label('20', 54321, 0),
      regular_price: '12.00',
      meta_data: BY_WEIGHT,
      variation_attributes: [{ id: 0, name: 'Kind', slug: 'kind', option: 'Loose' }],
    });
    const olives = make({ type: 'variable', name: 'Olives', sku: 'OLV' });
    const olivesDraft = make({
      type: 'variation',
      parent_id: olives,
      sku: 'OLV-GREEN',
      barcode: '5098765432109',
      regular_price: '4.00',
      status: 'draft',
      variation_attributes: [{ id: 0, name: 'Kind', slug: 'kind', option: 'Green' }],
    });
    const cheese = make({
      type: 'simple',
      name: 'Cheese',
      barcode: label('23', 22222, 0),
      regular_price: '18.00',
      manage_stock: true,
      stock_quantity: 1,
      backorders: 'no',
    });
    return { apples, jam, draft, honey, honeyJar, nuts, nutsLoose, olives, olivesDraft, cheese };
  });
}
