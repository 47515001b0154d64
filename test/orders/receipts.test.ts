import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';
import { addCoupon, addCustomer, createOrder, seedCatalogue, setStore, UK_STORE, withDb, type Catalogue } from './fixtures.js';

/** `GET /receipts/{order_id}` (JSON, live mode) and `GET /data/order_statuses`. */

let server: TestServer;
let token: string;
let catalogue: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  setStore(server, UK_STORE);
  catalogue = seedCatalogue(server);
  token = (await login(server, 'cashier')).access_token;
});

afterAll(async () => {
  await server.close();
});

describe('GET /receipts/{order_id}', () => {
  it('a paid, partly refunded sale: store, cashier, customer, lines, discounts, taxes, payment with change', async () => {
    addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
    const customer = addCustomer(server, 'ada@example.test');
    const order = await createOrder(server, token, {
      customer_id: customer,
      line_items: [{ product_id: catalogue.coffee, quantity: 2 }, { sku: 'TEA-1' }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', total: '5.00' }],
      fee_lines: [{ name: 'Service', total: '1.00', tax_status: 'none' }],
      coupon_lines: [{ code: 'TEN' }],
    });
    expect(order.total).toBe('32.38');
    const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, { token, body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '40' } } });
    expect(paid.status).toBe(200);
    const refund = await api(server, 'POST', `/orders/${order.id}/refunds`, { token, body: { line_items: [{ id: order.line_items[1].id, quantity: 1 }] } });
    expect(refund.body.amount).toBe('3.78');

    const response = await api(server, 'GET', `/receipts/${order.id}`, { token });
    expect(response.status).toBe(200);
    const { data, ...envelope } = response.body;
    expect(envelope).toEqual({ order_id: order.id, mode: 'live', has_snapshot: false, submission_status: null });
    const cashierName = withDb(server, (db) => db.prepare<[number], { display_name: string }>('SELECT display_name FROM users WHERE id = ?').get(server.users.cashier.id)?.display_name);
    expect(data.store).toMatchObject({
      id: 1,
      name: 'Default store',
      address: { address_1: '1 High Street', address_2: '', city: 'London', postcode: 'SW1A 1AA', state: '', country: 'GB' },
      phone: '020 7946 0000',
      email: 'shop@example.test',
      tax_ids: [{ type: 'vat', value: 'GB123456789' }],
    });
    expect(data.cashier).toEqual({ id: server.users.cashier.id, display_name: cashierName });
    expect(data.customer).toMatchObject({ id: customer, is_guest: false, name: 'Ada Lovelace', email: 'ada@example.test' });
    expect(data.order).toMatchObject({ id: order.id, number: String(order.id), status: 'processing', status_label: 'Processing', currency: 'GBP', prices_include_tax: false });
    expect(data.order.date_paid).not.toBeNull();
    expect(data.lines).toEqual([
      {
        id: order.line_items[0].id,
        name: 'Coffee',
        sku: 'COF-1',
        quantity: 2,
        unit_price: '10.00',
        unit_price_incl_tax: '12.00',
        subtotal: '20.00',
        subtotal_tax: '4.00',
        total: '18.00',
        total_tax: '3.60',
        taxes: [{ rate_id: catalogue.rates.standard, label: 'VAT', amount: '3.60' }],
      },
      {
        id: order.line_items[1].id,
        name: 'Tea',
        sku: 'TEA-1',
        quantity: 1,
        unit_price: '4.00',
        unit_price_incl_tax: '4.20',
        subtotal: '4.00',
        subtotal_tax: '0.20',
        total: '3.60',
        total_tax: '0.18',
        taxes: [{ rate_id: catalogue.rates.reduced, label: 'Reduced VAT', amount: '0.18' }],
      },
    ]);
    expect(data.fees).toEqual([{ id: order.fee_lines[0].id, name: 'Service', total: '1.00', total_tax: '0.00', taxes: [] }]);
    expect(data.shipping).toEqual([
      { id: order.shipping_lines[0].id, method_id: 'flat_rate', method_title: 'Flat rate', total: '5.00', total_tax: '1.00', taxes: [{ rate_id: catalogue.rates.standard, label: 'VAT', amount: '1.00' }] },
    ]);
    expect(data.discounts).toEqual([{ code: 'TEN', discount_type: 'percent', discount: '2.40', discount_tax: '0.42' }]);
    expect(data.totals).toEqual({
      subtotal: '24.00',
      discount: '2.40',
      discount_tax: '0.42',
      shipping: '5.00',
      shipping_tax: '1.00',
      fees: '1.00',
      tax: '4.78',
      total: '32.38',
      refunded: '3.78',
      net_total: '28.60',
    });
    expect(data.tax).toEqual([
      { rate_id: catalogue.rates.standard, code: 'GB-VAT-1', label: 'VAT', rate: '20.0000', compound: false, amount: '4.60' },
      { rate_id: catalogue.rates.reduced, code: 'GB-REDUCED VAT-1', label: 'Reduced VAT', rate: '5.0000', compound: false, amount: '0.18' },
    ]);
    expect(data.payments).toEqual([
      { method: 'pos_cash', title: 'Cash', amount: '32.38', amount_tendered: '40.00', change_due: '7.62', transaction_id: '', date_paid: data.order.date_paid, date_paid_gmt: data.order.date_paid_gmt },
    ]);
    expect(data.refunds).toEqual([{ id: refund.body.id, amount: '3.78', reason: '', date_created: expect.any(String), date_created_gmt: expect.any(String) }]);
  });

  it('an unpaid guest sale has no payments; unknown orders and fiscal mode are 404', async () => {
    const order = await createOrder(server, token, { billing: { first_name: 'Walk', last_name: 'In' }, line_items: [{ product_id: catalogue.giftCard }] });
    const response = await api(server, 'GET', `/receipts/${order.id}`, { token });
    expect(response.body.data.customer).toMatchObject({ id: 0, is_guest: true, name: 'Walk In' });
    expect([response.body.data.payments, response.body.data.totals.total, response.body.data.tax]).toEqual([[], '25.00', []]);
    const missing = await api(server, 'GET', '/receipts/987654', { token });
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
    const fiscal = await api(server, 'GET', `/receipts/${order.id}?mode=fiscal`, { token });
    expect([fiscal.status, fiscal.body.code]).toEqual([404, 'pos_receipt_snapshot_missing']);
  });
});

describe('GET /data/order_statuses', () => {
  it('lists the statuses with their labels, in order', async () => {
    const response = await api(server, 'GET', '/data/order_statuses', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { status: 'pending', label: 'Pending payment' },
      { status: 'processing', label: 'Processing' },
      { status: 'on-hold', label: 'On hold' },
      { status: 'completed', label: 'Completed' },
      { status: 'cancelled', label: 'Cancelled' },
      { status: 'refunded', label: 'Refunded' },
      { status: 'failed', label: 'Failed' },
      { status: 'checkout-draft', label: 'Draft' },
    ]);
  });
});
