import { describe, expect, it } from 'vitest';
import { completeBilling, completeShipping } from '../../server/model/customers/address.js';
import type { CouponRecord } from '../../server/model/coupons/types.js';
import { Decimal } from '../../server/model/money.js';
import { couponRefusal, lineEditChange, statusChange, stockShortfall, type OrderEffect, type StockLevel } from '../../server/model/orders/status-effects.js';
import type { OrderItem, OrderRecord } from '../../server/model/orders/types.js';

/**
 * The effects of every status change, worked out without a server: each row is written out by
 * hand from WooCommerce's status hooks (stock out on processing/completed/on-hold, back on
 * cancelled/pending; units sold and coupon uses booked once, as the order's flags say).
 */

const NOW = '2026-11-29T08:00:00';

function line(id: number, productId: number, variationId: number, quantity: number, reducedStock: number): OrderItem {
  return {
    id,
    type: 'line_item',
    name: `Line ${id}`,
    data: {
      product_id: productId,
      variation_id: variationId,
      quantity,
      tax_class: '',
      tax_status: 'taxable',
      subtotal: '10',
      subtotal_tax: '0',
      total: '10',
      total_tax: '0',
      taxes: [],
      sku: '',
      parent_name: null,
      image: { id: 0, src: '' },
      meta_data: [],
      reduced_stock: reducedStock,
    },
  };
}

const COUPON_LINE: OrderItem = {
  id: 4,
  type: 'coupon',
  name: 'SAVE10',
  data: { coupon_id: 9, discount: '1', discount_tax: '0', discount_type: 'percent', nominal_amount: '10', free_shipping: false, meta_data: [] },
};

/** Order 50 of customer 7: 2 of product 11 and 1.5 of variation 22 (both stock-managed), 3 of product 33 (not), coupon SAVE10. */
function order(status: string, taken: boolean, extra: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 50,
    parent_id: 0,
    uuid: null,
    order_key: 'wc_order_test',
    status,
    currency: 'GBP',
    prices_include_tax: false,
    customer_id: 7,
    billing: completeBilling({ email: 'Ann@Example.com' }),
    shipping: completeShipping({}),
    payment_method: '',
    payment_method_title: '',
    transaction_id: '',
    customer_note: '',
    created_via: 'pos',
    store_id: null,
    cashier_id: null,
    discount_total: '0',
    discount_tax: '0',
    shipping_total: '0',
    shipping_tax: '0',
    cart_tax: '0',
    total_tax: '0',
    total: '0',
    meta_data: taken
      ? [
          { id: 1, key: '_order_stock_reduced', value: 'yes' },
          { id: 2, key: '_recorded_sales', value: 'yes' },
          { id: 3, key: '_recorded_coupon_usage_counts', value: 'yes' },
        ]
      : [],
    date_created_gmt: '2026-11-29T07:00:00',
    date_modified_gmt: '2026-11-29T07:00:00',
    date_paid_gmt: null,
    date_completed_gmt: null,
    items: taken
      ? [line(1, 11, 0, 2, 2), line(2, 20, 22, 1.5, 1.5), line(3, 33, 0, 3, 0), COUPON_LINE]
      : [line(1, 11, 0, 2, 0), line(2, 20, 22, 1.5, 0), line(3, 33, 0, 3, 0), COUPON_LINE],
    ...extra,
  };
}

const LEVELS: ReadonlyMap<number, StockLevel> = new Map([
  [11, { manageStock: true, stockQuantity: 5, backorders: 'no' }],
  [22, { manageStock: true, stockQuantity: 1, backorders: 'no' }],
  [33, { manageStock: false, stockQuantity: null, backorders: 'no' }],
]);

interface Outcome {
  effects: OrderEffect[];
  /** The order's flags afterwards, by key. */
  flags: string[];
  /** Each product line's `reduced_stock` afterwards. */
  reduced: number[];
}

const ALL_FLAGS = ['_order_stock_reduced', '_recorded_sales', '_recorded_coupon_usage_counts'];

/** Nothing moves: the flags stay as they were (set on a taken order, none on a fresh one). */
const NONE = 'none' as const;

const TAKE: Outcome = {
  effects: [
    { kind: 'stock', productId: 11, change: -2, reason: 'sale', orderId: 50 },
    { kind: 'stock', productId: 22, change: -1.5, reason: 'sale', orderId: 50 },
    { kind: 'sales', productId: 11, units: 2 },
    { kind: 'sales', productId: 22, units: 1 },
    { kind: 'sales', productId: 33, units: 3 },
    { kind: 'coupon_usage', code: 'SAVE10', usedBy: '7', change: 1 },
  ],
  flags: ALL_FLAGS,
  reduced: [2, 1.5, 0],
};

/** Stock and coupon uses given back, with the ledger's reason; units sold stay counted. */
const givenBack = (reason: 'cancellation' | 'released'): Outcome => ({
  effects: [
    { kind: 'stock', productId: 11, change: 2, reason, orderId: 50 },
    { kind: 'stock', productId: 22, change: 1.5, reason, orderId: 50 },
    { kind: 'coupon_usage', code: 'SAVE10', usedBy: '7', change: -1 },
  ],
  flags: ['_recorded_sales'],
  reduced: [0, 0, 0],
});
const CANCEL = givenBack('cancellation');
const RELEASE = givenBack('released');

/** from, to, the effects on a fresh order (nothing taken yet), the effects on an order whose stock, sales and coupon uses are booked. */
const TRANSITIONS: ReadonlyArray<[string, string, Outcome | typeof NONE, Outcome | typeof NONE]> = [
  ['checkout-draft', 'checkout-draft', NONE, NONE],
  ['checkout-draft', 'pending', NONE, RELEASE],
  ['checkout-draft', 'on-hold', TAKE, NONE],
  ['checkout-draft', 'failed', NONE, NONE],
  ['checkout-draft', 'processing', TAKE, NONE],
  ['checkout-draft', 'completed', TAKE, NONE],
  ['checkout-draft', 'cancelled', NONE, CANCEL],
  ['checkout-draft', 'refunded', NONE, NONE],
  ['pending', 'checkout-draft', NONE, NONE],
  ['pending', 'pending', NONE, NONE],
  ['pending', 'on-hold', TAKE, NONE],
  ['pending', 'failed', NONE, NONE],
  ['pending', 'processing', TAKE, NONE],
  ['pending', 'completed', TAKE, NONE],
  ['pending', 'cancelled', NONE, CANCEL],
  ['pending', 'refunded', NONE, NONE],
  ['on-hold', 'checkout-draft', NONE, NONE],
  ['on-hold', 'pending', NONE, RELEASE],
  ['on-hold', 'on-hold', NONE, NONE],
  ['on-hold', 'failed', NONE, NONE],
  ['on-hold', 'processing', TAKE, NONE],
  ['on-hold', 'completed', TAKE, NONE],
  ['on-hold', 'cancelled', NONE, CANCEL],
  ['on-hold', 'refunded', NONE, NONE],
  ['failed', 'checkout-draft', NONE, NONE],
  ['failed', 'pending', NONE, RELEASE],
  ['failed', 'on-hold', TAKE, NONE],
  ['failed', 'failed', NONE, NONE],
  ['failed', 'processing', TAKE, NONE],
  ['failed', 'completed', TAKE, NONE],
  ['failed', 'cancelled', NONE, CANCEL],
  ['failed', 'refunded', NONE, NONE],
  ['processing', 'checkout-draft', NONE, NONE],
  ['processing', 'pending', NONE, RELEASE],
  ['processing', 'on-hold', TAKE, NONE],
  ['processing', 'failed', NONE, NONE],
  ['processing', 'processing', NONE, NONE],
  ['processing', 'completed', TAKE, NONE],
  ['processing', 'cancelled', NONE, CANCEL],
  ['processing', 'refunded', NONE, NONE],
  ['completed', 'checkout-draft', NONE, NONE],
  ['completed', 'pending', NONE, RELEASE],
  ['completed', 'on-hold', TAKE, NONE],
  ['completed', 'failed', NONE, NONE],
  ['completed', 'processing', TAKE, NONE],
  ['completed', 'completed', NONE, NONE],
  ['completed', 'cancelled', NONE, CANCEL],
  ['completed', 'refunded', NONE, NONE],
  ['cancelled', 'checkout-draft', NONE, NONE],
  ['cancelled', 'pending', NONE, RELEASE],
  ['cancelled', 'on-hold', TAKE, NONE],
  ['cancelled', 'failed', NONE, NONE],
  ['cancelled', 'processing', TAKE, NONE],
  ['cancelled', 'completed', TAKE, NONE],
  ['cancelled', 'cancelled', NONE, NONE],
  ['cancelled', 'refunded', NONE, NONE],
  ['refunded', 'checkout-draft', NONE, NONE],
  ['refunded', 'pending', NONE, RELEASE],
  ['refunded', 'on-hold', TAKE, NONE],
  ['refunded', 'failed', NONE, NONE],
  ['refunded', 'processing', TAKE, NONE],
  ['refunded', 'completed', TAKE, NONE],
  ['refunded', 'cancelled', NONE, CANCEL],
  ['refunded', 'refunded', NONE, NONE],
];

function outcomeOf(before: OrderRecord, to: string) {
  const change = statusChange(before, to, LEVELS, NOW);
  return {
    effects: change.effects,
    flags: change.order.meta_data.filter((entry) => entry.value === 'yes').map((entry) => entry.key),
    reduced: change.order.items.flatMap((item) => (item.type === 'line_item' ? [item.data.reduced_stock] : [])),
  };
}

describe('statusChange: the effects of every status change', () => {
  it.each(TRANSITIONS)('%s -> %s', (from, to, fresh, taken) => {
    expect(outcomeOf(order(from, false), to)).toEqual(fresh === NONE ? { effects: [], flags: [], reduced: [0, 0, 0] } : fresh);
    expect(outcomeOf(order(from, true), to)).toEqual(taken === NONE ? { effects: [], flags: ALL_FLAGS, reduced: [2, 1.5, 0] } : taken);
  });

  it('books a guest coupon use by the guest email, lowercased, and skips empty lines in the sales count', () => {
    const guest = order('pending', false, { customer_id: 0, items: [line(1, 11, 0, 0.4, 0), line(2, 0, 0, 1, 0), COUPON_LINE] });
    expect(statusChange(guest, 'processing', LEVELS, NOW).effects).toEqual([
      { kind: 'stock', productId: 11, change: -0.4, reason: 'sale', orderId: 50 },
      { kind: 'coupon_usage', code: 'SAVE10', usedBy: 'ann@example.com', change: 1 },
    ]);
  });

  it.each([
    // from, to, paid before, completed before, paid after, completed after
    ['pending', 'processing', null, null, NOW, null],
    ['pending', 'completed', null, null, NOW, NOW],
    ['pending', 'on-hold', null, null, null, null],
    ['processing', 'completed', '2026-11-28T10:00:00', null, '2026-11-28T10:00:00', NOW],
    ['cancelled', 'pending', '2026-11-28T10:00:00', '2026-11-28T11:00:00', null, null],
    ['on-hold', 'cancelled', '2026-11-28T10:00:00', null, '2026-11-28T10:00:00', null],
  ] as const)('%s -> %s: paid %s, completed %s becomes paid %s, completed %s', (from, to, paid, completed, paidAfter, completedAfter) => {
    const next = statusChange(order(from, false, { date_paid_gmt: paid, date_completed_gmt: completed }), to, LEVELS, NOW).order;
    expect([next.status, next.date_modified_gmt, next.date_paid_gmt, next.date_completed_gmt]).toEqual([to, NOW, paidAfter, completedAfter]);
  });
});

describe('lineEditChange: line edits of an order whose stock is taken', () => {
  it('gives back a removed line, takes more for a larger line and a new one, and leaves a fresh order alone', () => {
    const before = order('on-hold', true);
    const edited = order('on-hold', true, { items: [line(1, 11, 0, 3, 2), line(3, 33, 0, 3, 0), line(5, 22, 0, 1, 0), COUPON_LINE] });
    const change = lineEditChange(before, edited, LEVELS);
    expect(change?.effects).toEqual([
      { kind: 'stock', productId: 22, change: 1.5, reason: 'order_edit', orderId: 50 },
      { kind: 'stock', productId: 11, change: -1, reason: 'order_edit', orderId: 50 },
      { kind: 'stock', productId: 22, change: -1, reason: 'order_edit', orderId: 50 },
    ]);
    expect(change?.order.items.flatMap((item) => (item.type === 'line_item' ? [item.data.reduced_stock] : []))).toEqual([3, 0, 1]);
    expect([...(change?.returning ?? [])]).toEqual([[22, new Decimal(1.5)]]);
    expect(lineEditChange(order('pending', false), order('pending', false, { items: [line(1, 11, 0, 9, 0)] }), LEVELS)).toBeUndefined();
  });
});

describe('checks before a change books anything', () => {
  it('finds the first line stock cannot cover, counting lines of a product together and what the change gives back', () => {
    const short = statusChange(order('pending', false, { items: [line(1, 11, 0, 3, 0), line(2, 20, 22, 1.5, 0)] }), 'processing', LEVELS, NOW);
    const found = stockShortfall(short, LEVELS);
    expect([found?.demand.index, found?.demand.productId, found?.left.toString(), found?.total.toString()]).toEqual([1, 22, '1', '1.5']);
    const twice = statusChange(order('pending', false, { items: [line(1, 11, 0, 3, 0), line(2, 11, 0, 3, 0)] }), 'processing', LEVELS, NOW);
    expect(stockShortfall(twice, LEVELS)?.total.toString()).toBe('6');
    expect(stockShortfall({ ...twice, returning: new Map([[11, new Decimal(1)]]) }, LEVELS)).toBeUndefined();
    const backorders = new Map([[22, { manageStock: true, stockQuantity: 1, backorders: 'notify' }]]);
    expect(stockShortfall(short, backorders)).toBeUndefined();
  });

  it('refuses a coupon use beyond its limit, or beyond its limit for this customer, and never a use given back', () => {
    const coupon = (extra: Partial<CouponRecord>) =>
      new Map([['SAVE10', { usage_count: 0, usage_limit: null, usage_limit_per_user: null, used_by: [], ...extra } as CouponRecord]]);
    const booking = statusChange(order('pending', false), 'completed', LEVELS, NOW);
    expect(couponRefusal(booking, coupon({}))).toBeUndefined();
    expect(couponRefusal(booking, coupon({ usage_count: 3, usage_limit: 3 }))?.reason).toBe('usage_limit_reached');
    expect(couponRefusal(booking, coupon({ usage_count: 2, usage_limit: 3 }))).toBeUndefined();
    expect(couponRefusal(booking, coupon({ usage_limit_per_user: 1, used_by: ['7'] }))?.reason).toBe('usage_limit_per_user_reached');
    expect(couponRefusal(booking, coupon({ usage_limit_per_user: 2, used_by: ['7', '8'] }))).toBeUndefined();
    const giving = statusChange(order('on-hold', true), 'cancelled', LEVELS, NOW);
    expect(couponRefusal(giving, coupon({ usage_count: 3, usage_limit: 3 }))).toBeUndefined();
  });
});
