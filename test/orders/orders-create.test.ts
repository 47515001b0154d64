import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCustomer, addStore, createOrder, productOf, setStore, UK_STORE } from '../helpers/shop-data.js';

/** `POST /orders`, `GET /orders/{id}` and `GET /orders` over real HTTP (woocommerce-reference §2.6, §6; CONTRACT 7). */

const { server, tokens, catalogue } = useServer({ roles: ['cashier', 'administrator'], store: 'uk', catalogue: 'sale' });

describe('POST /orders', () => {
  it('sells by product_id, variation_id and sku, totals every line with its class rate, and reads back the same', async () => {
    const response = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: {
        line_items: [
          { product_id: catalogue.coffee, quantity: 2 },
          { variation_id: catalogue.shirtRed, quantity: 1 },
          { sku: 'TEA-1', quantity: 3 },
        ],
      },
    });
    expect(response.status).toBe(201);
    const order = response.body;
    expect(response.headers.get('location')).toBe(`${server.apiUrl}/orders/${order.id}`);
    expect(order.status).toBe('pending');
    expect(order.number).toBe(String(order.id));
    expect(order.order_key).toMatch(/^wc_order_[A-Za-z0-9_-]{8,}$/);
    expect(order.created_via).toBe('pos');
    expect(order.currency).toBe('GBP');
    // WooCommerce 10 orders have no currency_symbol: the store's currency data is in GET /settings.
    expect(order).not.toHaveProperty('currency_symbol');
    expect(order.prices_include_tax).toBe(false);
    expect(order.meta_data).toEqual([
      { id: 1, key: '_pos_store', value: 1 },
      { id: 2, key: '_pos_cashier', value: server.users.cashier.id },
      { id: 3, key: '_pos_register', value: 1 },
    ]);
    expect(
      order.line_items.map((line: any) => [
        line.name,
        line.product_id,
        line.variation_id,
        line.quantity,
        line.subtotal,
        line.total,
        line.total_tax,
        line.sku,
        line.parent_name,
      ]),
    ).toEqual([
      ['Coffee', catalogue.coffee, 0, 2, '20.00', '20.00', '4.00', 'COF-1', null],
      ['T-Shirt - Red', catalogue.shirt, catalogue.shirtRed, 1, '15.00', '15.00', '3.00', 'TS-RED', 'T-Shirt'],
      ['Tea', catalogue.tea, 0, 3, '12.00', '12.00', '0.60', 'TEA-1', null],
    ]);
    expect(order.line_items[2].tax_class).toBe('reduced-rate');
    expect(order.line_items[2].taxes).toEqual([{ id: catalogue.rates.reduced, total: '0.6', subtotal: '0.6' }]);
    expect(order.line_items[0].price).toBe(10);
    expect(
      order.tax_lines.map((line: any) => [line.rate_id, line.rate_code, line.label, line.compound, line.tax_total, line.shipping_tax_total, line.rate_percent]),
    ).toEqual([
      [catalogue.rates.standard, 'GB-VAT-1', 'VAT', false, '7.00', '0.00', 20],
      [catalogue.rates.reduced, 'GB-REDUCED VAT-1', 'Reduced VAT', false, '0.60', '0.00', 5],
    ]);
    expect([order.discount_total, order.shipping_total, order.cart_tax, order.total_tax, order.total]).toEqual(['0.00', '0.00', '7.60', '7.60', '54.60']);
    expect([order.is_editable, order.needs_payment, order.needs_processing]).toEqual([true, true, true]);
    expect(order.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(order.date_created_gmt).toBe(order.date_created);
    expect(order.date_paid).toBeNull();
    expect(order._links.self[0].href).toBe(`${server.apiUrl}/orders/${order.id}`);

    const read = await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(order);
  });

  it('taxes shipping at the inherited class and a taxable fee at its class', async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.coffee, quantity: 1 }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', total: '5.00' }],
      fee_lines: [{ name: 'Service', total: '2.00' }],
    });
    expect(order.shipping_lines).toEqual([
      {
        id: expect.any(Number),
        method_title: 'Flat rate',
        method_id: 'flat_rate',
        instance_id: '',
        total: '5.00',
        total_tax: '1.00',
        taxes: [{ id: catalogue.rates.standard, total: '1' }],
        meta_data: [],
      },
    ]);
    expect(order.fee_lines[0]).toMatchObject({ name: 'Service', tax_status: 'taxable', tax_class: '', total: '2.00', total_tax: '0.40' });
    expect(order.tax_lines.map((line: any) => [line.tax_total, line.shipping_tax_total])).toEqual([['2.40', '1.00']]);
    expect([order.shipping_total, order.shipping_tax, order.cart_tax, order.total_tax, order.total]).toEqual(['5.00', '1.00', '2.40', '3.40', '20.40']);
  });

  it('takes a negative fee off as a discount down to zero, and refuses one that would go below (WooCommerce would cap it silently)', async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [{ product_id: catalogue.giftCard }],
      fee_lines: [{ name: 'Goodwill', total: '-25.00', tax_status: 'none' }],
    });
    expect([order.fee_lines[0].total, order.total]).toEqual(['-25.00', '0.00']);
    const tooMuch = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.giftCard }], fee_lines: [{ name: 'Goodwill', total: '-30.00', tax_status: 'none' }] },
    });
    expect([tooMuch.status, tooMuch.body.code, Object.keys(tooMuch.body.data.params)]).toEqual([400, 'rest_invalid_param', ['fee_lines[0].total']]);
  });

  it('keeps given subtotal and total as ex-tax amounts (a price override)', async () => {
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2, subtotal: '20.00', total: '16.00' }] });
    expect([order.line_items[0].subtotal, order.line_items[0].total, order.line_items[0].subtotal_tax, order.line_items[0].total_tax]).toEqual([
      '20.00',
      '16.00',
      '4.00',
      '3.20',
    ]);
    expect([order.discount_total, order.discount_tax, order.total]).toEqual(['4.00', '0.80', '19.20']);
    const totalOnly = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, total: '7.50' }] });
    expect([totalOnly.line_items[0].subtotal, totalOnly.line_items[0].total, totalOnly.total]).toEqual(['7.50', '7.50', '9.00']);
  });

  it('records the cashier and the named store, with the store currency', async () => {
    const euroStore = addStore(server, 'Paris kiosk', { ...UK_STORE, currency: 'EUR', store_country: 'FR', store_city: 'Paris', store_postcode: '75001' });
    const order = await createOrder(server, tokens.administrator, {
      meta_data: [
        { key: '_pos_store', value: euroStore },
        { key: 'note', value: 'gift' },
      ],
      line_items: [{ product_id: catalogue.giftCard }],
    });
    expect(order.currency).toBe('EUR');
    expect(order.meta_data).toEqual([
      { id: 1, key: 'note', value: 'gift' },
      { id: 2, key: '_pos_store', value: euroStore },
      { id: 3, key: '_pos_cashier', value: server.users.administrator.id },
      // A store without a register gets its first one with its first order.
      { id: 4, key: '_pos_register', value: expect.any(Number) },
    ]);
    const unknown = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { meta_data: [{ key: '_pos_store', value: 999 }] } });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'pos_rest_invalid_store_id']);
  });

  it('takes a customer and their addresses', async () => {
    const customer = addCustomer(server, 'ada@example.test');
    const order = await createOrder(server, tokens.cashier, { customer_id: customer, line_items: [{ product_id: catalogue.giftCard }] });
    expect(order.customer_id).toBe(customer);
    expect(order.billing).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', postcode: 'N1 9GU', country: 'GB' });
    expect(order._links.customer[0].href).toBe(`${server.apiUrl}/customers/${customer}`);
    const bad = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { customer_id: 987654 } });
    expect([bad.status, bad.body.code]).toEqual([400, 'woocommerce_rest_invalid_customer_id']);
  });

  it('refuses lines without a product, with an unknown one, or with a variable parent', async () => {
    const cases: Array<[unknown, string]> = [
      [{ quantity: 1 }, 'woocommerce_rest_required_product_reference'],
      [{ product_id: 987654 }, 'woocommerce_rest_invalid_product_id'],
      [{ sku: 'NO-SUCH-SKU' }, 'woocommerce_rest_invalid_product_id'],
      [{ product_id: catalogue.shirt }, 'woocommerce_rest_invalid_product_id'],
      [{ variation_id: catalogue.coffee }, 'woocommerce_rest_invalid_product_id'],
    ];
    for (const [line, code] of cases) {
      const response = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [line] } });
      expect([response.status, response.body.code], JSON.stringify(line)).toEqual([400, code]);
    }
    const fractional = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: catalogue.coffee, quantity: 1.5 }] } });
    expect([fractional.status, fractional.body.code, Object.keys(fractional.body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['line_items[0].quantity'],
    ]);
    const zero = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: catalogue.coffee, quantity: 0 }] } });
    expect([zero.status, zero.body.code]).toEqual([400, 'rest_invalid_param']);
    const status = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { status: 'shipped' } });
    expect([status.status, status.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('returns the existing order for a known uuid, body or meta, without a second row', async () => {
    const uuid = '6f1c2a8e-4b7d-4c1e-9a3f-2d5e8b7c9a10';
    const first = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { uuid, line_items: [{ product_id: catalogue.coffee }] } });
    const second = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { uuid, line_items: [{ product_id: catalogue.coffee, quantity: 5 }] } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers.get('location')).toBeNull();
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.line_items[0].quantity).toBe(1);
    expect(first.body.meta_data).toContainEqual({ id: 3, key: '_pos_uuid', value: uuid });
    const viaMeta = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { meta_data: [{ key: '_pos_uuid', value: uuid }] } });
    expect([viaMeta.status, viaMeta.body.id]).toEqual([200, first.body.id]);
    const rows = withDb(server, (db) => db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM orders WHERE uuid = ?').get(uuid)?.n);
    expect(rows).toBe(1);
  });

  it('sets paid on create an order with nothing to pay: paid, completed, stock taken', async () => {
    const stockBefore = productOf(server, catalogue.coffee)?.stock_quantity ?? 0;
    // With a total to pay, set_paid is refused (money-invariants.test.ts): this order is on the house.
    const order = await createOrder(server, tokens.cashier, {
      payment_method: 'pos_card',
      line_items: [{ product_id: catalogue.coffee, quantity: 4, total: '0' }],
      set_paid: true,
    });
    expect(productOf(server, catalogue.coffee)?.stock_quantity).toBe(stockBefore - 4);
    expect(order.status).toBe('completed');
    expect(order.payment_method_title).toBe('Card');
    expect(order.date_paid).not.toBeNull();
    expect(order.date_completed).not.toBeNull();
    expect([order.is_editable, order.needs_payment]).toEqual([false, false]);
  });
});

describe('taxes under the store settings', () => {
  it('prices including tax: a gross 10.00 stays 10.00 with the tax rounded half-down', async () => {
    setStore(server, { ...UK_STORE, prices_include_tax: true });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] });
      expect(order.prices_include_tax).toBe(true);
      expect([order.line_items[0].subtotal, order.line_items[0].subtotal_tax, order.line_items[0].total_tax]).toEqual(['8.33', '1.67', '1.67']);
      expect(order.line_items[0].taxes[0].total).toBe('1.666667');
      expect(order.total).toBe('10.00');
    } finally {
      setStore(server, UK_STORE);
    }
  });

  it('billing-based taxes: an address without rates is not taxed, a local pickup is taxed at the store', async () => {
    setStore(server, { ...UK_STORE, tax_based_on: 'billing' });
    try {
      const billing = { first_name: 'Sam', country: 'US', state: 'NY', postcode: '10001', city: 'New York' };
      const abroad = await createOrder(server, tokens.cashier, { billing, line_items: [{ product_id: catalogue.coffee }] });
      expect([abroad.total_tax, abroad.total, abroad.tax_lines]).toEqual(['0.00', '10.00', []]);
      const pickup = await createOrder(server, tokens.cashier, {
        billing,
        line_items: [{ product_id: catalogue.coffee }],
        shipping_lines: [{ method_id: 'local_pickup', method_title: 'Pickup', total: '0' }],
      });
      expect([pickup.total_tax, pickup.total]).toEqual(['2.00', '12.00']);
      const noAddress = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee }] });
      expect(noAddress.total).toBe('12.00');
    } finally {
      setStore(server, UK_STORE);
    }
  });

  it('taxes off: no tax at all', async () => {
    setStore(server, { ...UK_STORE, calc_taxes: false });
    try {
      const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 3 }] });
      expect([order.total_tax, order.total, order.tax_lines]).toEqual(['0.00', '30.00', []]);
    } finally {
      setStore(server, UK_STORE);
    }
  });
});

describe('GET /orders', () => {
  it('404 for an unknown order', async () => {
    const response = await api(server, 'GET', '/orders/987654', { token: tokens.cashier });
    expect([response.status, response.body.code]).toEqual([404, 'pos_rest_order_invalid_id']);
  });

  it('filters by status, customer, store, cashier and search, pages with headers', async () => {
    const customer = addCustomer(server, 'grace@example.test', { first_name: 'Grace', last_name: 'Hopper' });
    const mine = await createOrder(server, tokens.administrator, { customer_id: customer, status: 'on-hold', line_items: [{ sku: 'MUG-1' }] });

    const byCustomer = await api(server, 'GET', `/orders?customer=${customer}`, { token: tokens.cashier });
    expect(byCustomer.body.map((order: any) => order.id)).toEqual([mine.id]);
    expect(byCustomer.headers.get('x-wp-total')).toBe('1');

    const byStatus = await api(server, 'GET', '/orders?status=on-hold', { token: tokens.cashier });
    expect(byStatus.body.map((order: any) => order.id)).toEqual([mine.id]);
    const anyStatus = await api(server, 'GET', '/orders?status=any&per_page=100', { token: tokens.cashier });
    const total = Number(anyStatus.headers.get('x-wp-total'));
    expect(anyStatus.body).toHaveLength(total);

    const byCashier = await api(server, 'GET', `/orders?pos_cashier=${server.users.administrator.id}`, { token: tokens.cashier });
    expect(
      byCashier.body.every((order: any) => order.meta_data.some((entry: any) => entry.key === '_pos_cashier' && entry.value === server.users.administrator.id)),
    ).toBe(true);
    expect(byCashier.body.map((order: any) => order.id)).toContain(mine.id);
    const byStore = await api(server, 'GET', '/orders?pos_store=1&per_page=100', { token: tokens.cashier });
    expect(byStore.body.every((order: any) => order.meta_data.some((entry: any) => entry.key === '_pos_store' && entry.value === 1))).toBe(true);

    for (const search of ['Hopper', 'grace@example', 'Grace Hopper', 'Mug', String(mine.id)]) {
      const found = await api(server, 'GET', `/orders?search=${encodeURIComponent(search)}`, { token: tokens.cashier });
      expect(
        found.body.map((order: any) => order.id),
        search,
      ).toContain(mine.id);
    }
    const nothing = await api(server, 'GET', '/orders?search=Nobody-Here', { token: tokens.cashier });
    expect([nothing.body, nothing.headers.get('x-wp-total')]).toEqual([[], '0']);

    const pageOne = await api(server, 'GET', '/orders?per_page=2&page=1&orderby=id&order=asc', { token: tokens.cashier });
    expect(pageOne.body).toHaveLength(2);
    expect(pageOne.body[0].id).toBeLessThan(pageOne.body[1].id);
    expect(pageOne.headers.get('x-wp-totalpages')).toBe(String(Math.ceil(total / 2)));
    expect(pageOne.headers.get('link')).toContain('rel="next"');

    const included = await api(server, 'GET', `/orders?include=${mine.id},${pageOne.body[0].id}&orderby=include`, { token: tokens.cashier });
    expect(included.body.map((order: any) => order.id)).toEqual([mine.id, pageOne.body[0].id]);
    const excluded = await api(server, 'GET', `/orders?exclude=${mine.id}&per_page=100`, { token: tokens.cashier });
    expect(excluded.body.map((order: any) => order.id)).not.toContain(mine.id);
    const future = await api(server, 'GET', '/orders?after=2999-01-01T00:00:00', { token: tokens.cashier });
    expect(future.body).toEqual([]);
    const past = await api(server, 'GET', '/orders?modified_before=2000-01-01', { token: tokens.cashier });
    expect(past.body).toEqual([]);
  });

  it('per_page=-1 lists ids with modification dates only with _fields=id,date_modified_gmt', async () => {
    const index = await api(server, 'GET', '/orders?per_page=-1&_fields=id,date_modified_gmt', { token: tokens.cashier });
    expect(index.status).toBe(200);
    expect(Object.keys(index.body[0]).sort()).toEqual(['date_modified_gmt', 'id']);
    expect(index.headers.get('x-wp-total')).toBe(String(index.body.length));
    const refused = await api(server, 'GET', '/orders?per_page=-1', { token: tokens.cashier });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_param']);
    const badStatus = await api(server, 'GET', '/orders?status=shipped', { token: tokens.cashier });
    expect([badStatus.status, badStatus.body.code]).toEqual([400, 'rest_invalid_param']);
  });
});
