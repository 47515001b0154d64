import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder, productOf } from '../helpers/shop-data.js';

/** `POST/GET /orders/{id}/refunds` (woocommerce-reference §2.8). */

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

const refund = (orderId: number, body: unknown) => api(server, 'POST', `/orders/${orderId}/refunds`, { token: tokens.cashier, body });
const stockOf = (id: number) => productOf(server, id)?.stock_quantity ?? 0;

async function paidOrder() {
  const order = await createOrder(server, tokens.cashier, {
    line_items: [
      { product_id: catalogue.coffee, quantity: 3 },
      { sku: 'TEA-1', quantity: 2 },
    ],
  });
  const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
  });
  if (paid.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(paid.body)}`);
  return order;
}

describe('refunds', () => {
  it('refunds part of a line by quantity, restocks it, and lists it on the order', async () => {
    const order = await paidOrder();
    expect(order.total).toBe('44.40');
    const coffeeLine = order.line_items[0];
    const stock = stockOf(catalogue.coffee);
    const response = await refund(order.id, { line_items: [{ id: coffeeLine.id, quantity: 1 }], reason: 'Broken cup' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${server.apiUrl}/orders/${order.id}/refunds/${response.body.id}`);
    const followed = await api(server, 'GET', `/orders/${order.id}/refunds/${response.body.id}`, { token: tokens.cashier });
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual(response.body);
    const missing = await api(server, 'GET', `/orders/${order.id}/refunds/${Number(response.body.id) + 1000}`, { token: tokens.cashier });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'pos_rest_refund_invalid_id' });
    expect(response.body).toMatchObject({
      amount: '12.00',
      reason: 'Broken cup',
      refunded_by: server.users.cashier.id,
      refunded_payment: false,
      meta_data: [],
      shipping_lines: [],
      fee_lines: [],
    });
    expect(response.body.line_items).toEqual([
      {
        id: coffeeLine.id,
        name: 'Coffee',
        parent_name: null,
        product_id: catalogue.coffee,
        variation_id: 0,
        quantity: -1,
        tax_class: '',
        subtotal: '-10.00',
        subtotal_tax: '-2.00',
        total: '-10.00',
        total_tax: '-2.00',
        taxes: [{ id: catalogue.rates.standard, total: '-2', subtotal: '-2' }],
        meta_data: [{ id: 0, key: '_refunded_item_id', value: String(coffeeLine.id), display_key: '_refunded_item_id', display_value: String(coffeeLine.id) }],
        sku: 'COF-1',
        price: -10,
        image: { id: 0, src: '' },
      },
    ]);
    expect(response.body.tax_lines).toEqual([
      {
        id: expect.any(Number),
        rate_code: 'GB-VAT-1',
        rate_id: catalogue.rates.standard,
        label: 'VAT',
        compound: false,
        tax_total: '-2.00',
        shipping_tax_total: '0.00',
        rate_percent: 20,
        meta_data: [],
      },
    ]);
    expect(stockOf(catalogue.coffee)).toBe(stock + 1);
    const after = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect([after.status, after.refunds]).toEqual(['completed', [{ id: response.body.id, reason: 'Broken cup', total: '-12.00' }]]);
  });

  it('never refunds more units than are left, nor more money, nor a negative amount', async () => {
    const order = await paidOrder();
    const [coffee, tea] = order.line_items;
    expect((await refund(order.id, { line_items: [{ id: coffee.id, quantity: 2 }] })).status).toBe(201);
    const tooMany = await refund(order.id, { line_items: [{ id: coffee.id, quantity: 2 }] });
    expect([tooMany.status, tooMany.body.code, tooMany.body.data.left]).toEqual([400, 'woocommerce_rest_cannot_create_order_refund', 1]);
    const tooMuch = await refund(order.id, { amount: '20.41' });
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.message, tooMuch.body.data.remaining]).toEqual([
      400,
      'woocommerce_rest_cannot_create_order_refund',
      'Invalid refund amount.',
      '20.40',
    ]);
    const lineTooMuch = await refund(order.id, { line_items: [{ id: tea.id, refund_total: '8.01' }] });
    expect([lineTooMuch.status, lineTooMuch.body.code]).toEqual([400, 'woocommerce_rest_cannot_create_order_refund']);
    const negative = await refund(order.id, { amount: '-1.00' });
    expect([negative.status, negative.body.code]).toEqual([400, 'woocommerce_rest_invalid_order_refund']);
    const nothing = await refund(order.id, {});
    expect([nothing.status, nothing.body.code]).toEqual([400, 'woocommerce_rest_invalid_order_refund']);
    const notAnItem = await refund(order.id, { line_items: [{ id: 987654, quantity: 1 }] });
    expect([notAnItem.status, notAnItem.body.code]).toEqual([400, 'woocommerce_rest_invalid_item_id']);
  });

  it('explicit amounts per rate, without restock when asked, and a full refund moves the order to refunded', async () => {
    const order = await paidOrder();
    const [coffee, tea] = order.line_items;
    const stock = stockOf(catalogue.coffee);
    const partial = await refund(order.id, {
      line_items: [
        { id: tea.id, quantity: 1, refund_total: '4.00', refund_tax: [{ id: catalogue.rates.reduced, refund_total: '0.20' }] },
        { id: coffee.id, quantity: 1, refund_total: '10.00' },
      ],
      api_restock: false,
      api_refund: true,
    });
    expect([partial.status, partial.body.amount, partial.body.refunded_payment]).toEqual([201, '14.20', false]);
    expect(stockOf(catalogue.coffee)).toBe(stock);
    const rest = await refund(order.id, { amount: '30.20', reason: 'Customer changed their mind' });
    expect([rest.status, rest.body.amount, rest.body.line_items]).toEqual([201, '30.20', []]);
    const after = (await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body;
    expect(after.status).toBe('refunded');
    expect(after.refunds.map((entry: any) => entry.total)).toEqual(['-30.20', '-14.20']);
    const list = await api(server, 'GET', `/orders/${order.id}/refunds`, { token: tokens.cashier });
    expect([list.status, list.headers.get('x-wp-total'), list.body.map((entry: any) => entry.amount)]).toEqual([200, '2', ['30.20', '14.20']]);
    const more = await refund(order.id, { amount: '0.01' });
    expect([more.status, more.body.code]).toEqual([400, 'woocommerce_rest_cannot_create_order_refund']);
  });

  it('only paid orders can be refunded', async () => {
    const unpaid = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }] });
    const response = await refund(unpaid.id, { amount: '1.00' });
    expect([response.status, response.body.code]).toEqual([400, 'woocommerce_rest_cannot_create_order_refund']);
    const missing = await refund(987654, { amount: '1.00' });
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
    const missingList = await api(server, 'GET', '/orders/987654/refunds', { token: tokens.cashier });
    expect([missingList.status, missingList.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
  });

  it('refunds part of a unit only of weighed goods: never of a line sold in whole units while decimal_qty is off', async () => {
    const order = await paidOrder();
    const stock = stockOf(catalogue.coffee);
    const half = await refund(order.id, { line_items: [{ id: order.line_items[0].id, quantity: 0.5 }] });
    expect([half.status, half.body.code, half.body.data.params]).toEqual([
      400,
      'rest_invalid_param',
      { 'line_items[0].quantity': 'must be a whole number: decimal quantities are off (settings/general decimal_qty)' },
    ]);
    const tooFine = await refund(order.id, { line_items: [{ id: order.line_items[0].id, quantity: 1.0005 }] });
    expect([tooFine.status, Object.keys(tooFine.body.data.params)]).toEqual([400, ['line_items[0].quantity']]);
    expect(stockOf(catalogue.coffee)).toBe(stock);
    // A whole unit sent as text is still a quantity.
    expect((await refund(order.id, { line_items: [{ id: order.line_items[0].id, quantity: '1' }] })).status).toBe(201);
    expect(stockOf(catalogue.coffee)).toBe(stock + 1);
  });
});
