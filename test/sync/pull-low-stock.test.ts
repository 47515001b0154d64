import { describe, expect, it } from 'vitest';
import { lowStockAmountOf } from '../../server/model/catalogue/product-meta.js';
import { productRow } from '../../server/sync/pull/records.js';

/**
 * WooCommerce answers a product's own low-stock amount as the field `low_stock_amount` and leaves
 * its meta `_low_stock_amount` out of `meta_data`: the pull keeps the field as that meta, which the
 * till's answers and its low-stock list read.
 */
const record = (fields: Record<string, unknown>) => ({
  id: 41,
  type: 'simple',
  name: 'Oat Milk 1l',
  regular_price: '1.80',
  manage_stock: true,
  stock_quantity: 6,
  meta_data: [{ id: 7, key: 'supplier', value: 'Oatly' }],
  date_modified_gmt: '2026-11-27T09:00:00',
  ...fields,
});

describe("the pull of a product's low-stock amount", () => {
  it('keeps WooCommerce’s low_stock_amount beside the other meta', () => {
    const row = productRow(record({ low_stock_amount: 4 }), 0, []);
    expect(lowStockAmountOf(row.meta_data)).toBe(4);
    expect(row.meta_data).toContainEqual({ id: 7, key: 'supplier', value: 'Oatly' });
  });

  it('keeps none where WooCommerce has none (null: the store’s amount)', () => {
    const row = productRow(record({ low_stock_amount: null }), 0, []);
    expect(lowStockAmountOf(row.meta_data)).toBeNull();
    expect(row.meta_data).toEqual([{ id: 7, key: 'supplier', value: 'Oatly' }]);
  });
});
