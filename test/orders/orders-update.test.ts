import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCoupon, addCustomer, couponOf, createOrder, productOf, setStore, UK_STORE } from '../helpers/shop-data.js';

/** `PATCH /orders/{id}`: item semantics, editability, status moves and coupons (woocommerce-reference §2.6, §6.7). */

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

const stockOf = (id: number) => productOf(server, id)?.stock_quantity;
const patch = (id: number, body: unknown) => api(server, 'PATCH', `/orders/${id}`, { token: tokens.cashier, body });

describe('line items', () => {
  it('updates by id, deletes with quantity 0, adds without id, and recomputes the totals', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2 }, { sku: 'TEA-1' }] });
    expect(order.total).toBe('28.20');
    const [coffee, tea] = order.line_items;
    const response = await patch(order.id, { line_items: [{ id: coffee.id, quantity: 3 }, { id: tea.id, quantity: 0 }, { sku: 'GIFT-1' }] });
    expect(response.status).toBe(200);
    const updated = response.body;
    expect(updated.line_items.map((line: any) => [line.id === coffee.id, line.name, line.quantity, line.subtotal, line.total, line.total_tax])).toEqual([
      [true, 'Coffee', 3, '30.00', '30.00', '6.00'],
      [false, 'Gift card', 1, '25.00', '25.00', '0.00'],
    ]);
    expect(updated.tax_lines.map((line: any) => [line.label, line.tax_total])).toEqual([['VAT', '6.00']]);
    expect([updated.cart_tax, updated.total]).toEqual(['6.00', '61.00']);
    const read = await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier });
    expect(read.body.total).toBe('61.00');
  });

  it('changes a line price, fees and shipping by id, and refuses ids that are not the order items', async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee }],
      fee_lines: [{ name: 'Bag', total: '0.50', tax_status: 'none' }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Courier', total: '4.00' }],
    });
    const changed = await patch(order.id, {
      line_items: [{ id: order.line_items[0].id, subtotal: '8.00', total: '8.00' }],
      fee_lines: [{ id: order.fee_lines[0].id, total: '1.00' }],
      shipping_lines: [{ id: order.shipping_lines[0].id, method_id: null }],
    });
    expect(changed.status).toBe(200);
    expect([changed.body.line_items[0].total, changed.body.fee_lines[0].total, changed.body.shipping_lines, changed.body.total]).toEqual([
      '8.00',
      '1.00',
      [],
      '10.60',
    ]);
    const unknown = await patch(order.id, { line_items: [{ id: 987654, quantity: 2 }] });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'woocommerce_rest_invalid_item_id']);
    const feeAsLine = await patch(order.id, { line_items: [{ id: order.fee_lines[0].id, quantity: 2 }] });
    expect([feeAsLine.status, feeAsLine.body.code]).toEqual([400, 'woocommerce_rest_invalid_item_id']);
    const noName = await patch(order.id, { fee_lines: [{ total: '1.00' }] });
    expect([noName.status, noName.body.code]).toEqual([400, 'woocommerce_rest_invalid_fee_item']);
    const noMethod = await patch(order.id, { shipping_lines: [{ total: '1.00' }] });
    expect([noMethod.status, noMethod.body.code]).toEqual([400, 'woocommerce_rest_invalid_shipping_item']);
  });

  it("a line switched to another product keeps its quantity and takes that product's price", async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 3 }] });
    const response = await patch(order.id, { line_items: [{ id: order.line_items[0].id, sku: 'TEA-1' }] });
    expect(response.status).toBe(200);
    // 3 × 4.00 = 12.00 at the reduced 5 %: 0.60; total 12.60.
    const [line] = response.body.line_items;
    expect([line.id, line.name, line.quantity, line.subtotal, line.total_tax, response.body.total]).toEqual([
      order.line_items[0].id,
      'Tea',
      3,
      '12.00',
      '0.60',
      '12.60',
    ]);
  });

  it('upserts meta by key but keeps the server-set store and cashier', async () => {
    const order = await createOrder(server, tokens.cashier, { meta_data: [{ key: 'table', value: '4' }] });
    const response = await patch(order.id, {
      meta_data: [
        { key: 'table', value: '7' },
        { key: '_pos_store', value: 99 },
        { key: 'guests', value: 2 },
      ],
    });
    expect(response.body.meta_data).toEqual([
      { id: 1, key: 'table', value: '7' },
      { id: 2, key: '_pos_store', value: 1 },
      { id: 3, key: '_pos_cashier', value: server.users.cashier.id },
      { id: 4, key: '_pos_register', value: 1 },
      { id: 5, key: 'guests', value: 2 },
    ]);
  });

  it('a paid order is no longer editable: items and addresses refused, notes still allowed', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }] });
    const checkout = await api(server, 'POST', `/orders/${order.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '12.00' } },
    });
    expect(checkout.status).toBe(200);
    const paid = await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier });
    expect([paid.body.status, paid.body.is_editable]).toEqual(['completed', false]);
    const items = await patch(order.id, { line_items: [{ id: order.line_items[0].id, quantity: 2 }] });
    expect([items.status, items.body.code]).toEqual([400, 'pos_rest_order_not_editable']);
    const address = await patch(order.id, { billing: { first_name: 'Late' } });
    expect([address.status, address.body.code]).toEqual([400, 'pos_rest_order_not_editable']);
    const note = await patch(order.id, { customer_note: 'Receipt by email' });
    expect([note.status, note.body.customer_note, note.body.total]).toEqual([200, 'Receipt by email', '12.00']);
    const missing = await patch(987654, { customer_note: 'x' });
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
  });
});

describe('status moves', () => {
  it('on-hold takes stock, cancelled puts it back, a cancelled order cannot be completed but can be reopened', async () => {
    const before = stockOf(catalogue.shirtRed) ?? 0;
    const order = await createOrder(server, tokens.cashier, { line_items: [{ variation_id: catalogue.shirtRed, quantity: 2 }] });
    expect(stockOf(catalogue.shirtRed)).toBe(before);
    const held = await patch(order.id, { status: 'on-hold' });
    expect([held.status, held.body.status, held.body.is_editable]).toEqual([200, 'on-hold', true]);
    expect(stockOf(catalogue.shirtRed)).toBe(before - 2);
    const more = await patch(order.id, { line_items: [{ id: order.line_items[0].id, quantity: 3 }, { product_id: catalogue.coffee }] });
    expect([more.status, more.body.total]).toEqual([200, '66.00']);
    expect(stockOf(catalogue.shirtRed)).toBe(before - 3);
    const coffee = stockOf(catalogue.coffee) ?? 0;
    const fewer = await patch(order.id, { line_items: [{ id: more.body.line_items[1].id, quantity: 0 }] });
    expect(fewer.body.line_items).toHaveLength(1);
    expect(stockOf(catalogue.coffee)).toBe(coffee + 1);
    const cancelled = await patch(order.id, { status: 'cancelled' });
    expect(cancelled.body.status).toBe('cancelled');
    expect(stockOf(catalogue.shirtRed)).toBe(before);
    const complete = await patch(order.id, { status: 'completed' });
    expect([complete.status, complete.body.code, complete.body.data.allowed]).toEqual([400, 'pos_rest_order_invalid_status_transition', ['pending']]);
    const reopened = await patch(order.id, { status: 'pending' });
    expect([reopened.status, reopened.body.status]).toEqual([200, 'pending']);
  });

  it('a cancelled order gives its coupon use back, so a single-use coupon can be used again', async () => {
    const couponId = addCoupon(server, { code: 'ONCE', amount: '10', discount_type: 'percent', usage_limit: 1 });
    const customer = addCustomer(server, 'once@example.test');
    const order = await createOrder(server, tokens.cashier, {
      customer_id: customer,
      line_items: [{ product_id: catalogue.coffee }],
      coupon_lines: [{ code: 'ONCE' }],
    });
    expect((await patch(order.id, { status: 'on-hold' })).body.status).toBe('on-hold');
    expect(couponOf(server, couponId)).toMatchObject({ usage_count: 1, used_by: [String(customer)] });
    expect((await patch(order.id, { status: 'cancelled' })).body.status).toBe('cancelled');
    expect(couponOf(server, couponId)).toMatchObject({ usage_count: 0, used_by: [] });
    const again = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee }], coupon_lines: [{ code: 'ONCE' }] },
    });
    expect(again.status).toBe(201);
  });

  it('pending → completed completes an order with nothing to pay; a completed order moves nowhere, refunded only through a refund', async () => {
    // An order with a total to pay is paid through checkout (money-invariants.test.ts).
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, total: '0' }] });
    const completed = await patch(order.id, { status: 'completed' });
    expect(completed.body.status).toBe('completed');
    expect(completed.body.date_paid).not.toBeNull();
    expect(completed.body.date_completed).not.toBeNull();
    for (const status of ['refunded', 'processing', 'cancelled', 'pending']) {
      const refused = await patch(order.id, { status });
      expect([refused.status, refused.body.code], status).toEqual([400, 'pos_rest_order_invalid_status_transition']);
    }
    const unknown = await patch(order.id, { status: 'shipped' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('processing can be completed; failed can be retried as pending', async () => {
    const order = await createOrder(server, tokens.cashier, { status: 'processing', line_items: [{ product_id: catalogue.giftCard, total: '0' }] });
    expect([order.status, order.date_paid === null]).toEqual(['processing', false]);
    expect((await patch(order.id, { status: 'completed' })).body.status).toBe('completed');
    const failed = await createOrder(server, tokens.cashier, { status: 'failed', line_items: [{ product_id: catalogue.giftCard }] });
    expect(failed.needs_payment).toBe(true);
    expect((await patch(failed.id, { status: 'pending' })).body.status).toBe('pending');
    const refusedOnCreate = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { status: 'refunded' } });
    expect([refusedOnCreate.status, refusedOnCreate.body.code]).toEqual([400, 'pos_rest_order_invalid_status_transition']);
  });
});

describe('coupons', () => {
  it('percent: 10 % off, with the tax it removed', async () => {
    addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2 }], coupon_lines: [{ code: 'ten' }] });
    expect(order.coupon_lines).toEqual([
      {
        id: expect.any(Number),
        code: 'ten',
        discount: '2.00',
        discount_tax: '0.40',
        discount_type: 'percent',
        nominal_amount: 10,
        free_shipping: false,
        meta_data: [],
      },
    ]);
    expect([order.line_items[0].subtotal, order.line_items[0].total, order.line_items[0].total_tax]).toEqual(['20.00', '18.00', '3.60']);
    expect([order.discount_total, order.discount_tax, order.total]).toEqual(['2.00', '0.40', '21.60']);
  });

  it('fixed_cart: 5.00 split per unit over lines of different classes', async () => {
    addCoupon(server, { code: 'FIVE', amount: '5.00', discount_type: 'fixed_cart' });
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee }, { sku: 'TEA-1' }],
      coupon_lines: [{ code: 'FIVE' }],
    });
    expect(order.line_items.map((line: any) => [line.total, line.total_tax])).toEqual([
      ['7.50', '1.50'],
      ['1.50', '0.08'],
    ]);
    expect([order.coupon_lines[0].discount, order.coupon_lines[0].discount_tax]).toEqual(['5.00', '0.63']);
    expect([order.discount_total, order.discount_tax, order.cart_tax, order.total]).toEqual(['5.00', '0.63', '1.58', '10.58']);
  });

  it('fixed_product and category restrictions discount only eligible units', async () => {
    addCoupon(server, { code: 'ONEOFF', amount: '1.00', discount_type: 'fixed_product' });
    const perUnit = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee, quantity: 3 }],
      coupon_lines: [{ code: 'ONEOFF' }],
    });
    expect([perUnit.line_items[0].total, perUnit.total]).toEqual(['27.00', '32.40']);
    addCoupon(server, { code: 'HALFDRINKS', amount: '50', discount_type: 'percent', product_categories: [catalogue.drinks] });
    const drinks = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.giftCard }],
      coupon_lines: [{ code: 'HALFDRINKS' }],
    });
    expect(drinks.line_items.map((line: any) => line.total)).toEqual(['5.00', '25.00']);
    expect(drinks.total).toBe('31.00');
  });

  it('refuses invalid coupons with the reason', async () => {
    addCoupon(server, { code: 'OLD', amount: '10', discount_type: 'percent', date_expires_gmt: '2020-01-01T00:00:00' });
    addCoupon(server, { code: 'BIG50', amount: '5', discount_type: 'fixed_cart', minimum_amount: '50.00' });
    addCoupon(server, { code: 'SMALL', amount: '5', discount_type: 'fixed_cart', maximum_amount: '5.00' });
    addCoupon(server, { code: 'NOSALE', amount: '10', discount_type: 'percent', exclude_sale_items: true });
    addCoupon(server, { code: 'NOSALECART', amount: '1', discount_type: 'fixed_cart', exclude_sale_items: true });
    addCoupon(server, { code: 'SOLO', amount: '10', discount_type: 'percent', individual_use: true });
    addCoupon(server, { code: 'STAFF', amount: '10', discount_type: 'percent', email_restrictions: ['*@example.test'] });
    addCoupon(server, { code: 'DRAFTED', amount: '10', discount_type: 'percent', status: 'draft' });
    addCoupon(server, { code: 'USEDUP', amount: '10', discount_type: 'percent', usage_limit: 1 });
    const coffee = [{ product_id: catalogue.coffee, quantity: 2 }];
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ line_items: coffee, coupon_lines: [{ code: 'NOPE' }] }, 'coupon_not_found', 'Coupon "NOPE" does not exist!'],
      [{ line_items: coffee, coupon_lines: [{ code: 'DRAFTED' }] }, 'coupon_not_found', 'Coupon "DRAFTED" does not exist!'],
      [{ line_items: coffee, coupon_lines: [{ code: 'OLD' }] }, 'expired', 'This coupon has expired.'],
      [{ line_items: coffee, coupon_lines: [{ code: 'BIG50' }] }, 'minimum_amount', 'The minimum spend for this coupon is 50.00.'],
      [{ line_items: coffee, coupon_lines: [{ code: 'SMALL' }] }, 'maximum_amount', 'The maximum spend for this coupon is 5.00.'],
      [{ line_items: [{ sku: 'MUG-1' }], coupon_lines: [{ code: 'NOSALE' }] }, 'not_applicable', 'Sorry, this coupon is not applicable to selected products.'],
      [
        { line_items: [{ sku: 'MUG-1' }, { sku: 'COF-1' }], coupon_lines: [{ code: 'NOSALECART' }] },
        'sale_items',
        'Sorry, this coupon is not valid for sale items.',
      ],
      [
        { line_items: coffee, coupon_lines: [{ code: 'SOLO' }, { code: 'TEN' }] },
        'individual_use',
        'Sorry, coupon "SOLO" cannot be used in conjunction with other coupons.',
      ],
      [{ line_items: coffee, coupon_lines: [{ code: 'TEN' }, { code: 'ten' }] }, 'already_applied', 'Coupon code "ten" already applied!'],
      [
        { line_items: coffee, billing: { email: 'someone@elsewhere.test' }, coupon_lines: [{ code: 'STAFF' }] },
        'email_restricted',
        'Please enter a valid email to use coupon code "STAFF".',
      ],
    ];
    for (const [body, reason, message] of cases) {
      const response = await api(server, 'POST', '/orders', { token: tokens.cashier, body });
      expect([response.status, response.body.code, response.body.data?.reason, response.body.message], reason).toEqual([
        400,
        'woocommerce_rest_invalid_coupon',
        reason,
        message,
      ]);
    }
    const staff = await createOrder(server, tokens.cashier, { line_items: coffee, billing: { email: 'till@example.test' }, coupon_lines: [{ code: 'STAFF' }] });
    expect(staff.discount_total).toBe('2.00');
    const readonlyId = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { coupon_lines: [{ id: 5, code: 'TEN' }] } });
    expect([readonlyId.status, readonlyId.body.code]).toEqual([400, 'woocommerce_rest_coupon_item_id_readonly']);
  });

  it('PATCH coupon_lines replaces the coupons and the totals follow', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2 }], coupon_lines: [{ code: 'TEN' }] });
    const withFive = await patch(order.id, { coupon_lines: [{ code: 'FIVE' }] });
    expect([withFive.body.coupon_lines.map((line: any) => line.code), withFive.body.discount_total, withFive.body.total]).toEqual([['FIVE'], '5.00', '18.00']);
    const none = await patch(order.id, { coupon_lines: [] });
    expect([none.body.coupon_lines, none.body.discount_total, none.body.total]).toEqual([[], '0.00', '24.00']);
  });

  it('coupons switched off in the store are refused', async () => {
    setStore(server, { ...UK_STORE, enable_coupons: false });
    try {
      const response = await api(server, 'POST', '/orders', {
        token: tokens.cashier,
        body: { line_items: [{ product_id: catalogue.coffee }], coupon_lines: [{ code: 'TEN' }] },
      });
      expect([response.status, response.body.data.reason]).toEqual([400, 'coupons_disabled']);
    } finally {
      setStore(server, UK_STORE);
    }
  });
});
