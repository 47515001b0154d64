import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder, productOf } from '../helpers/shop-data.js';
import { servicesOf } from '../helpers/services.js';

/**
 * The money rules of server/domain/orders/money-invariants.ts over real HTTP: no negative prices,
 * lines or totals; negative fees only as discounts down to zero; money taken only through checkout.
 * UK shop, prices exclusive of 20 % VAT; Coffee 10.00 (stock managed), Gift card 25.00 (no tax).
 */
const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

const patch = (id: number, body: unknown) => api(server, 'PATCH', `/orders/${id}`, { token: tokens.cashier, body });
const post = (body: unknown) => api(server, 'POST', '/orders', { token: tokens.cashier, body });
const orderCount = async () => Number((await api(server, 'GET', '/orders?per_page=1', { token: tokens.cashier })).headers.get('x-wp-total'));
const pay = (id: number, tendered: string) =>
  api(server, 'POST', `/orders/${id}/checkout`, { token: tokens.cashier, body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: tendered } } });

describe('no negative prices, lines or totals', () => {
  it('refuses a negative line total or subtotal, and a negative shipping total, naming the field', async () => {
    const before = await orderCount();
    // The reported case: a line at -54.32 made an order of -59.01 (with tax) that checkout "paid" with change.
    const line = await post({ line_items: [{ product_id: catalogue.coffee, total: '-54.32' }] });
    expect([line.status, line.body.code, line.body.data.params]).toEqual([400, 'rest_invalid_param', { 'line_items[0].total': 'must not be negative' }]);
    const subtotal = await post({ line_items: [{ product_id: catalogue.coffee }, { product_id: catalogue.coffee, subtotal: '-1.00' }] });
    expect([subtotal.status, Object.keys(subtotal.body.data.params)]).toEqual([400, ['line_items[1].subtotal']]);
    const shipping = await post({ line_items: [{ product_id: catalogue.coffee }], shipping_lines: [{ method_id: 'flat_rate', total: '-3' }] });
    expect([shipping.status, Object.keys(shipping.body.data.params)]).toEqual([400, ['shipping_lines[0].total']]);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a line for a product priced below zero (as an import could leave one)', async () => {
    const odd = withDb(server, (db) => servicesOf(db).repositories.products.create({ type: 'simple', name: 'Odd', sku: 'ODD-1', regular_price: '-2.00' }).id);
    const response = await post({ line_items: [{ product_id: catalogue.giftCard }, { product_id: odd, quantity: 2 }] });
    expect([response.status, response.body.code, Object.keys(response.body.data.params)]).toEqual([400, 'rest_invalid_param', ['line_items[1].total']]);
    expect(response.body.data.params['line_items[1].total']).toContain('-4.00');
  });

  it('refuses the same on update, and leaves the order as it was', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }] });
    const response = await patch(order.id, { line_items: [{ id: order.line_items[0].id, total: '-5.00' }] });
    expect([response.status, response.body.code, Object.keys(response.body.data.params)]).toEqual([400, 'rest_invalid_param', ['line_items[0].total']]);
    expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.total).toBe('12.00');
  });

  it('takes a taxable negative fee off before tax: 2 × 10.00 − 15.00 = 5.00, + 20 % = 6.00', async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee, quantity: 2 }],
      fee_lines: [{ name: 'Staff discount', total: '-15.00' }],
    });
    expect([order.fee_lines[0].total, order.fee_lines[0].total_tax, order.total_tax, order.total]).toEqual(['-15.00', '-3.00', '1.00', '6.00']);
  });

  it('refuses a negative fee larger than the order before tax, on create and when an update shrinks the order under it', async () => {
    const created = await post({
      line_items: [{ product_id: catalogue.coffee }],
      fee_lines: [
        { name: 'Plus', total: '2.00' },
        { name: 'Too much', total: '-12.01' },
      ],
    });
    expect([created.status, created.body.code, Object.keys(created.body.data.params)]).toEqual([400, 'rest_invalid_param', ['fee_lines[1].total']]);
    expect(created.body.data.params['fee_lines[1].total']).toContain('at most 12.00');

    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee, quantity: 2 }],
      fee_lines: [{ name: 'Staff discount', total: '-15.00' }],
    });
    // Down to one coffee (10.00), the fee of 15.00 would take the order below zero; the request did not name the fee.
    const shrunk = await patch(order.id, { line_items: [{ id: order.line_items[0].id, quantity: 1 }] });
    expect([shrunk.status, shrunk.body.code, Object.keys(shrunk.body.data.params)]).toEqual([400, 'rest_invalid_param', ['fee_lines']]);
    const fee = await patch(order.id, { fee_lines: [{ id: order.fee_lines[0].id, total: '-20.01' }] });
    expect([fee.status, Object.keys(fee.body.data.params)]).toEqual([400, ['fee_lines[0].total']]);
    expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.total).toBe('6.00');
  });
});

describe('money changes hands only through checkout', () => {
  it('refuses to create an order as completed, processing or set_paid when it has a total to pay; nothing is written', async () => {
    const before = await orderCount();
    const stock = productOf(server, catalogue.coffee)?.stock_quantity;
    for (const body of [{ status: 'completed' }, { status: 'processing' }, { set_paid: true }, { status: 'on-hold', set_paid: true }]) {
      const response = await post({ ...body, line_items: [{ product_id: catalogue.coffee }] });
      expect([response.status, response.body.code], JSON.stringify(body)).toEqual([400, 'pos_payment_required']);
      expect(response.body.message).toContain('POST /pos/v1/orders/{id}/checkout');
      expect(response.body.data).toMatchObject({ status: 400, order_status: body.status === 'on-hold' ? 'on-hold' : 'pending', total: '12.00' });
    }
    expect(await orderCount()).toBe(before);
    expect(productOf(server, catalogue.coffee)?.stock_quantity).toBe(stock);
  });

  it('refuses a move to a paid status or set_paid on an unpaid order; unpaid moves stay allowed; checkout pays it', async () => {
    const stock = productOf(server, catalogue.coffee)?.stock_quantity ?? 0;
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }] });
    for (const body of [{ status: 'completed' }, { status: 'processing' }, { set_paid: true }]) {
      const response = await patch(order.id, body);
      expect([response.status, response.body.code], JSON.stringify(body)).toEqual([400, 'pos_payment_required']);
      expect(response.body.message).toContain(`POST /pos/v1/orders/${order.id}/checkout`);
      expect(response.body.data).toMatchObject({ status: 400, order_id: order.id, order_status: 'pending' });
    }
    expect((await patch(order.id, { status: 'on-hold' })).body.status).toBe('on-hold');
    expect((await patch(order.id, { status: 'completed' })).body.code).toBe('pos_payment_required');
    expect((await patch(order.id, { status: 'cancelled' })).body.status).toBe('cancelled');
    expect((await patch(order.id, { status: 'pending' })).body.status).toBe('pending');
    const read = await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier });
    expect([read.body.status, read.body.date_paid, read.body.needs_payment]).toEqual(['pending', null, true]);
    expect(productOf(server, catalogue.coffee)?.stock_quantity).toBe(stock);
    expect((await pay(order.id, '20.00')).body.status).toBe('completed');
    expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.status).toBe('completed');
  });

  it('a paid order moves on: processing (to be shipped) → completed', async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.giftCard }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Post', total: '3.00' }],
    });
    expect((await pay(order.id, '50.00')).status).toBe(200);
    expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.status).toBe('processing');
    const completed = await patch(order.id, { status: 'completed' });
    expect([completed.status, completed.body.status]).toEqual([200, 'completed']);
  });

  it('an order with nothing to pay may be completed directly', async () => {
    const free = await createOrder(server, tokens.cashier, { status: 'completed', line_items: [{ product_id: catalogue.giftCard, total: '0' }] });
    expect([free.status, free.total, free.date_paid === null]).toEqual(['completed', '0.00', false]);
    const discounted = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.giftCard }],
      fee_lines: [{ name: 'Prize', total: '-25.00', tax_status: 'none' }],
    });
    const paid = await patch(discounted.id, { set_paid: true });
    expect([paid.status, paid.body.status, paid.body.total]).toEqual([200, 'completed', '0.00']);
  });
});
