import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { receiptDataSchema } from '../../server/domain/receipts/schema.js';
import { addCoupon, addCustomer, createOrder } from '../helpers/shop-data.js';

/** `GET /receipts/{order_id}` (JSON, live mode) and `GET /data/order_statuses`. */

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], store: 'uk', catalogue: 'sale' });

/** Amounts with their `_display` twins as this shop writes them (pounds, symbol on the left). */
function gbp(amounts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(amounts).flatMap(([key, value]) => [
      [key, value],
      [`${key}_display`, `£${value}`],
    ]),
  );
}

describe('GET /receipts/{order_id}', () => {
  it('a paid, partly refunded sale: store, cashier, customer, lines, discounts, taxes, payment with change', async () => {
    addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
    const customer = addCustomer(server, 'ada@example.test');
    const order = await createOrder(server, tokens.cashier, {
      customer_id: customer,
      line_items: [{ product_id: catalogue.coffee, quantity: 2 }, { sku: 'TEA-1' }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', total: '5.00' }],
      fee_lines: [{ name: 'Service', total: '1.00', tax_status: 'none' }],
      coupon_lines: [{ code: 'TEN' }],
    });
    expect(order.total).toBe('32.38');
    const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '40' } },
    });
    expect(paid.status).toBe(200);
    const refund = await api(server, 'POST', `/orders/${order.id}/refunds`, {
      token: tokens.cashier,
      body: { line_items: [{ id: order.line_items[1].id, quantity: 1 }] },
    });
    expect(refund.body.amount).toBe('3.78');

    const response = await api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier });
    expect(response.status).toBe(200);
    const { data, ...envelope } = response.body;
    expect(envelope).toEqual({ order_id: order.id, mode: 'live', has_snapshot: false, submission_status: null });
    const cashierName = withDb(
      server,
      (db) => db.prepare<[number], { display_name: string }>('SELECT display_name FROM users WHERE id = ?').get(server.users.cashier.id)?.display_name,
    );
    expect(receiptDataSchema.safeParse(data).success).toBe(true);
    expect(Object.keys(data)).toEqual([
      'order',
      'store',
      'cashier',
      'customer',
      'lines',
      'fees',
      'shipping',
      'discounts',
      'totals',
      'tax',
      'tax_summary',
      'has_tax_summary',
      'payments',
      'refunds',
      'fiscal',
      'presentation_hints',
      'i18n',
    ]);
    expect(data.store).toEqual({
      id: 1,
      name: 'Default store',
      address: { address_1: '1 High Street', address_2: '', city: 'London', postcode: 'SW1A 1AA', state: '', country: 'GB' },
      address_lines: ['1 High Street', 'London SW1A 1AA', 'United Kingdom'],
      phone: '020 7946 0000',
      email: 'shop@example.test',
      url: '',
      tax_ids: [{ type: 'vat', value: 'GB123456789', label: 'VAT' }],
      opening_hours_notes: '',
      personal_notes: '',
      policies_and_conditions: '',
      footer_imprint: '',
    });
    expect(data.cashier).toEqual({ id: server.users.cashier.id, name: cashierName });
    expect(data.customer).toMatchObject({
      id: customer,
      is_guest: false,
      name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      tax_ids: [],
    });
    expect(data.customer.billing_address).toMatchObject({ first_name: 'Ada', address_1: '12 Analytical Row', postcode: 'N1 9GU', email: 'ada@example.test' });
    expect(data.order).toMatchObject({
      id: order.id,
      number: String(order.id),
      status: 'processing',
      status_label: 'Processing',
      currency: 'GBP',
      currency_symbol: '£',
      prices_include_tax: false,
      customer_note: '',
    });
    expect(data.order.created.gmt).toBe(order.date_created_gmt);
    expect(data.order.created.datetime).toBe(`${order.date_created.slice(0, 10)} ${order.date_created.slice(11, 16)}`);
    expect(data.order.paid).not.toBeNull();
    expect(data.order.completed).toBeNull();
    expect(data.lines).toEqual([
      {
        id: order.line_items[0].id,
        name: 'Coffee',
        sku: 'COF-1',
        qty: 2,
        meta: [],
        ...gbp({ unit_price: '10.00', unit_price_incl: '12.00', unit_price_excl: '10.00' }),
        ...gbp({ line_subtotal: '20.00', line_subtotal_incl: '24.00', line_subtotal_excl: '20.00', line_subtotal_tax: '4.00' }),
        ...gbp({ discounts: '2.00', discounts_incl: '2.40', discounts_excl: '2.00', discounts_tax: '0.40' }),
        ...gbp({ line_total: '18.00', line_total_incl: '21.60', line_total_excl: '18.00', line_total_tax: '3.60' }),
        taxes: [{ rate_id: catalogue.rates.standard, label: 'VAT', ...gbp({ amount: '3.60' }) }],
      },
      {
        id: order.line_items[1].id,
        name: 'Tea',
        sku: 'TEA-1',
        qty: 1,
        meta: [],
        ...gbp({ unit_price: '4.00', unit_price_incl: '4.20', unit_price_excl: '4.00' }),
        ...gbp({ line_subtotal: '4.00', line_subtotal_incl: '4.20', line_subtotal_excl: '4.00', line_subtotal_tax: '0.20' }),
        ...gbp({ discounts: '0.40', discounts_incl: '0.42', discounts_excl: '0.40', discounts_tax: '0.02' }),
        ...gbp({ line_total: '3.60', line_total_incl: '3.78', line_total_excl: '3.60', line_total_tax: '0.18' }),
        taxes: [{ rate_id: catalogue.rates.reduced, label: 'Reduced VAT', ...gbp({ amount: '0.18' }) }],
      },
    ]);
    expect(data.fees).toEqual([
      { id: order.fee_lines[0].id, label: 'Service', ...gbp({ total: '1.00', total_incl: '1.00', total_excl: '1.00', total_tax: '0.00' }), taxes: [] },
    ]);
    expect(data.shipping).toEqual([
      {
        id: order.shipping_lines[0].id,
        label: 'Flat rate',
        method_id: 'flat_rate',
        ...gbp({ total: '5.00', total_incl: '6.00', total_excl: '5.00', total_tax: '1.00' }),
        taxes: [{ rate_id: catalogue.rates.standard, label: 'VAT', ...gbp({ amount: '1.00' }) }],
      },
    ]);
    expect(data.discounts).toEqual([
      { code: 'TEN', label: 'TEN', discount_type: 'percent', ...gbp({ total: '2.40', total_incl: '2.82', total_excl: '2.40', total_tax: '0.42' }) },
    ]);
    expect(data.totals).toEqual({
      ...gbp({ subtotal: '24.00', subtotal_incl: '28.20', subtotal_excl: '24.00', subtotal_tax: '4.20' }),
      ...gbp({ discount_total: '2.40', discount_total_incl: '2.82', discount_total_excl: '2.40', discount_total_tax: '0.42' }),
      ...gbp({ shipping_total: '5.00', shipping_total_incl: '6.00', shipping_total_excl: '5.00', shipping_total_tax: '1.00' }),
      ...gbp({ fee_total: '1.00', fee_total_incl: '1.00', fee_total_excl: '1.00', fee_total_tax: '0.00' }),
      ...gbp({
        tax_total: '4.78',
        total: '32.38',
        total_incl: '32.38',
        total_excl: '27.60',
        paid_total: '32.38',
        due_total: '0.00',
        change_total: '7.62',
        refund_total: '3.78',
        net_total: '28.60',
      }),
      has_discount: true,
      has_refunds: true,
      has_due: false,
      is_unpaid: false,
      total_qty: 3,
      line_count: 2,
    });
    expect(data.tax).toEqual({
      display: 'excl',
      display_incl: false,
      display_excl: true,
      breakdown: 'itemized',
      breakdown_itemized: true,
      breakdown_single: false,
      prices_include_tax: false,
    });
    expect(data.tax_summary).toEqual([
      {
        rate_id: catalogue.rates.standard,
        code: 'GB-VAT-1',
        label: 'VAT',
        rate: '20',
        compound: false,
        ...gbp({ taxable_amount_excl: '23.00', tax_amount: '4.60', taxable_amount_incl: '27.60' }),
      },
      {
        rate_id: catalogue.rates.reduced,
        code: 'GB-REDUCED VAT-1',
        label: 'Reduced VAT',
        rate: '5',
        compound: false,
        ...gbp({ taxable_amount_excl: '3.60', tax_amount: '0.18', taxable_amount_incl: '3.78' }),
      },
    ]);
    expect(data.has_tax_summary).toBe(true);
    expect(data.payments).toEqual([
      {
        method_id: 'pos_cash',
        method_title: 'Cash',
        ...gbp({ amount: '32.38', tendered: '40.00', change: '7.62' }),
        transaction_id: '',
        paid: data.order.paid,
      },
    ]);
    expect(data.refunds).toEqual([
      {
        id: refund.body.id,
        ...gbp({ amount: '3.78' }),
        reason: '',
        refunded_payment: false,
        date: expect.objectContaining({ gmt: refund.body.date_created_gmt }),
        lines: [{ type: 'line_item', name: 'Tea', sku: 'TEA-1', qty: 1, ...gbp({ total_excl: '3.60', total_tax: '0.18', total_incl: '3.78' }) }],
      },
    ]);
    expect(data.fiscal).toMatchObject({ document_type: 'sale', sequence: null, hash: null, is_reprint: false, reprint_count: 0, extra_fields: [] });
    expect(data.presentation_hints).toEqual({
      locale: 'en_US',
      timezone: 'UTC',
      currency: 'GBP',
      currency_symbol: '£',
      currency_position: 'left',
      price_thousand_separator: ',',
      price_decimal_separator: '.',
      price_num_decimals: 2,
    });
    expect(data.i18n).toMatchObject({ receipt: 'Receipt', total: 'Total', change: 'Change' });
  });

  it('a part-paid sale shows each tender, what was paid so far and what is still due; the last cash part gives change', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.giftCard }] });
    const pay = (key: string, body: Record<string, unknown>) =>
      api(server, 'POST', `/orders/${order.id}/checkout`, { token: tokens.cashier, body, headers: { 'Idempotency-Key': key } });
    expect((await pay('part-card', { gateway_id: 'pos_card', payment_data: { amount: '10.00', transaction_id: 'T-1' } })).body.amount_due).toBe('15.00');
    expect((await pay('part-cash', { gateway_id: 'pos_cash', payment_data: { amount: '5.00', amount_tendered: '5.00' } })).body.amount_due).toBe('10.00');
    type Tender = { method_id: string; amount: string; tendered: string | null; change: string | null; transaction_id: string };
    const tenders = (payments: Tender[]) =>
      payments.map((payment) => [payment.method_id, payment.amount, payment.tendered, payment.change, payment.transaction_id]);
    const part = (await api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier })).body.data;
    expect(receiptDataSchema.safeParse(part).success).toBe(true);
    expect(tenders(part.payments)).toEqual([
      ['pos_card', '10.00', null, null, 'T-1'],
      ['pos_cash', '5.00', '5.00', '0.00', ''],
    ]);
    // 25.00 total: 10.00 by card + 5.00 in cash paid, 10.00 still due.
    expect(part.totals).toMatchObject(gbp({ total: '25.00', paid_total: '15.00', due_total: '10.00', change_total: '0.00' }));
    expect(part.order.paid).toBeNull();
    const partText = (await api<string>(server, 'GET', `/receipts/${order.id}?format=text`, { token: tokens.cashier })).body;
    expect(partText).toMatch(/^Due +£?10\.00$/m);
    expect(part.totals.has_due).toBe(true);
    // The gallery's till roll and A4 invoice print what is still due, as the text receipt does.
    const html = async (template: string) =>
      (
        await api<string>(server, 'GET', `/receipts/${order.id}?format=html&template_id=${template}`, {
          token: tokens.cashier,
          headers: { accept: 'text/html' },
        })
      ).body;
    for (const template of ['till-roll-80mm', 'a4-invoice']) expect(await html(template)).toMatch(/>Due<\/(span|td)><(span|td)[^>]*>£10\.00</);

    expect((await pay('last-cash', { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } })).body.amount_due).toBe('0.00');
    const full = (await api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier })).body.data;
    expect(tenders(full.payments)).toEqual([
      ['pos_card', '10.00', null, null, 'T-1'],
      ['pos_cash', '5.00', '5.00', '0.00', ''],
      ['pos_cash', '10.00', '20.00', '10.00', ''],
    ]);
    expect(full.totals).toMatchObject(gbp({ paid_total: '25.00', due_total: '0.00', change_total: '10.00' }));
    expect(full.order.paid).not.toBeNull();
    expect((await api<string>(server, 'GET', `/receipts/${order.id}?format=text`, { token: tokens.cashier })).body).not.toMatch(/^Due/m);
    expect(full.totals.has_due).toBe(false);
    for (const template of ['till-roll-80mm', 'a4-invoice']) expect(await html(template)).not.toContain('>Due<');
  });

  it('an unpaid guest sale has no payments; unknown orders and fiscal mode are 404', async () => {
    const order = await createOrder(server, tokens.cashier, {
      billing: { first_name: 'Walk', last_name: 'In' },
      line_items: [{ product_id: catalogue.giftCard }],
    });
    const response = await api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier });
    expect(response.body.data.customer).toMatchObject({ id: 0, is_guest: true, name: 'Walk In' });
    expect([response.body.data.payments, response.body.data.totals.total, response.body.data.tax_summary, response.body.data.has_tax_summary]).toEqual([
      [],
      '25.00',
      [],
      false,
    ]);
    expect([
      response.body.data.totals.paid_total,
      response.body.data.totals.due_total,
      response.body.data.totals.change_total,
      response.body.data.order.paid,
    ]).toEqual(['0.00', '25.00', '0.00', null]);
    const missing = await api(server, 'GET', '/receipts/987654', { token: tokens.cashier });
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
    const fiscal = await api(server, 'GET', `/receipts/${order.id}?mode=fiscal`, { token: tokens.cashier });
    expect([fiscal.status, fiscal.body.code]).toEqual([404, 'pos_receipt_snapshot_missing']);
  });
});

describe('GET /data/order_statuses', () => {
  it('lists the statuses with their labels, in order', async () => {
    const response = await api(server, 'GET', '/data/order_statuses', { token: tokens.cashier });
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
