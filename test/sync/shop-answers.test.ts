import { describe, expect, it } from 'vitest';
import { madeOrderOf, productBySku, stockQuantityOf } from '../../server/sync/push/answers.js';
import { ourOrdersOf, salesByUuid, uuidOf } from '../../server/sync/shop/our-orders.js';

/**
 * WooCommerce's answers read field by field, never taken on trust: what a plugin or a proxy answers
 * in place of WooCommerce's shape reads as "could not be read", never as an id of the wrong type.
 */
const ours = (id: unknown, status: string, uuid?: unknown) => ({ id, status, meta_data: uuid === undefined ? [] : [{ key: '_tillbase_uuid', value: uuid }] });

describe("the push's readers of WooCommerce's answers", () => {
  it('reads a made order with its lines in the order posted, and nothing from an answer without an id', () => {
    expect(madeOrderOf({ id: 7, total: '5.00', line_items: [{ id: 31, product_id: 12 }, { id: 'x' }, { id: 33, product_id: 0 }] })).toEqual({
      id: 7,
      total: '5.00',
      lineIds: [31, undefined, 33],
      lineProductIds: [12, 0, 0],
    });
    expect(madeOrderOf({ total: '5.00' })).toBeUndefined();
    expect(madeOrderOf({ id: '7' })).toBeUndefined();
    expect(madeOrderOf([{ id: 7 }])).toBeUndefined();
  });

  it('finds a product or variation by its SKU, and says so when the match has no id', () => {
    const listed = [
      { id: 5, sku: 'OTHER' },
      { id: 12, parent_id: 10, sku: 'MUG-RED' },
    ];
    expect(productBySku(listed, 'MUG-RED')).toEqual({ found: { product_id: 10, variation_id: 12 } });
    expect(productBySku(listed, 'OTHER')).toEqual({ found: { product_id: 5, variation_id: 0 } });
    expect(productBySku(listed, 'NONE')).toBeUndefined();
    expect(productBySku([{ sku: 'MUG-RED' }], 'MUG-RED')).toEqual({ unreadable: true });
    expect(productBySku({ code: 'not_a_list' }, 'MUG-RED')).toBeUndefined();
  });

  it('reads a managed stock quantity only as a number', () => {
    expect(stockQuantityOf({ stock_quantity: 4 })).toBe(4);
    expect(stockQuantityOf({ stock_quantity: null, manage_stock: false })).toBeUndefined();
    expect(stockQuantityOf({ stock_quantity: '4' })).toBeUndefined();
  });
});

describe('our orders in WooCommerce', () => {
  it('groups the sales by uuid, oldest first, leaving out drafts, cancelled duplicates and records without an id', () => {
    const orders = ourOrdersOf([
      ours(9, 'completed', 'a'),
      ours(4, 'completed', 'a'),
      ours(6, 'cancelled', 'a'),
      ours(7, 'checkout-draft', 'b'),
      ours(8, 'pending', 'b'),
      ours(undefined, 'completed', 'c'),
      ours(10, 'completed'),
      'not an order',
    ]);
    expect(orders.map((order) => order.id)).toEqual([9, 4, 6, 7, 8, 10]);
    expect([...salesByUuid(orders)]).toEqual([
      ['a', [4, 9]],
      ['b', [8]],
    ]);
  });

  it("reads the uuid only as text from the record's meta", () => {
    expect(uuidOf(ours(1, 'completed', 'u-1'))).toBe('u-1');
    expect(uuidOf(ours(1, 'completed', 12))).toBeUndefined();
    expect(uuidOf({ id: 1, meta_data: 'none' })).toBeUndefined();
    expect(uuidOf(null)).toBeUndefined();
  });
});
