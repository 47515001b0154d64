import { beforeAll, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { approvalSettingsSchema } from '../../server/domain/approvals/settings.js';
import { KEPT_FOR_CENTRAL_STORE } from '../../server/domain/settings/central-store.js';
import { checkoutSettingsSchema } from '../../server/domain/settings/checkout.js';
import { generalSettingsSchema } from '../../server/domain/settings/general.js';
import { licenseInputSchema } from '../../server/domain/settings/license.js';
import { paymentGatewaySettingsSchema } from '../../server/domain/settings/payment-gateways.js';
import { taxIdsSettingsSchema } from '../../server/domain/settings/tax-ids.js';
import { TEMPLATE_SETTINGS } from '../../server/domain/templates/catalogue.js';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** Every settings key takes effect or is refused (issue 8, item 4): the keys that need no order code. */
const { server, tokens } = useServer({ roles: ['shop_manager', 'cashier'] });

const post = (path: string, body: unknown) => api(server, 'POST', path, { token: tokens.shop_manager, body });
const stored = (section: string) => withDb(server, (db) => new SettingsRepository(db).section(section));

describe('unknown keys', () => {
  const GROUPS: ReadonlyArray<[string, string, Record<string, unknown>]> = [
    ['/settings/general', 'general', { decimal_qty: true }],
    ['/settings/checkout', 'checkout', { prevent_overselling: true }],
    ['/settings/tax_ids', 'tax_ids', { write_map: {} }],
    ['/settings/templates', 'templates', {}],
    ['/settings/payment-gateways', 'payment-gateways', { auto_print_receipt: true }],
    ['/settings/license', 'license', { key: 'ABC-123' }],
  ];

  for (const [path, section, valid] of GROUPS) {
    it(`${path} answers 400 rest_invalid_param naming them, and stores nothing`, async () => {
      const before = stored(section);
      const response = await post(path, { ...valid, barcode_feild: 'sku', colour: 'red' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(Object.keys(response.body.data.params).sort()).toEqual(['barcode_feild', 'colour']);
      expect(response.body.data.params.colour).toBe(`colour is not a setting of the ${section} group`);
      expect(stored(section)).toEqual(before);
    });
  }

  it('takes back the read-only view of general (store_defaults) unchanged, so a GET can be posted back', async () => {
    const view = await api(server, 'GET', '/settings/general', { token: tokens.shop_manager });
    const again = await post('/settings/general', view.body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(view.body);
  });

  it('names an unknown key inside a payment gateway', async () => {
    const response = await post('/settings/payment-gateways', { gateways: { pos_cash: { enabled: true, colour: 'red' } } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.data.params)).toEqual(['gateways.pos_cash']);
  });
});

describe('the e-mail groups', () => {
  it('are refused on: an offline till sends no e-mail', async () => {
    const response = await post('/settings/checkout', { admin_emails: { enabled: true }, customer_emails: { customer_completed_order: true } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.data.params).sort()).toEqual(['admin_emails.enabled', 'customer_emails.customer_completed_order']);
    expect(response.body.data.params['admin_emails.enabled']).toContain('sends no e-mail');
    const off = await post('/settings/checkout', { cashier_emails: { enabled: false, new_order: false } });
    expect(off.status).toBe(200);
    expect(off.body.admin_emails).toEqual({ enabled: false, new_order: false, cancelled_order: false, failed_order: false });
  });
});

describe('pos_only_products and product visibility', () => {
  it('hides products marked online_only from the till while it is on, and only then', async () => {
    // WCPOS keeps the visibility as the meta _pos_visibility; so do the answers, with no field of their own.
    const visibility = (value: string) => [{ key: '_pos_visibility', value }];
    const online = await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: { name: 'Gift card (web only)', sku: 'WEB-1', barcode: '5060000000019', regular_price: '10.00', meta_data: visibility('online_only') },
    });
    const till = await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: { name: 'Gift card (till)', sku: 'POS-1', regular_price: '10.00', meta_data: visibility('pos_only') },
    });
    const metaOf = (product: { meta_data: Array<{ key: string; value: unknown }> }) => product.meta_data.map(({ key, value }) => [key, value]);
    expect([metaOf(online.body), metaOf(till.body)]).toEqual([[['_pos_visibility', 'online_only']], [['_pos_visibility', 'pos_only']]]);
    expect(online.body).not.toHaveProperty('pos_visibility');
    const renamed = await api(server, 'PUT', `/products/${online.body.id}`, {
      token: tokens.shop_manager,
      body: { name: 'Gift card (web only)', meta_data: [{ key: 'note', value: 'x' }] },
    });
    expect(metaOf(renamed.body)).toEqual([
      ['note', 'x'],
      ['_pos_visibility', 'online_only'],
    ]);
    const refused = await api(server, 'PUT', `/products/${online.body.id}`, { token: tokens.shop_manager, body: { meta_data: visibility('nowhere') } });
    expect(Object.keys(refused.body.data.params)).toEqual(['meta_data[0].value']);
    const listed = async () =>
      (await api(server, 'GET', '/products?search=gift%20card&orderby=id&order=asc', { token: tokens.cashier })).body.map((product: any) => product.sku);
    expect(await listed()).toEqual(['WEB-1', 'POS-1']);
    expect((await post('/settings/general', { pos_only_products: true })).status).toBe(200);
    expect(await listed()).toEqual(['POS-1']);
    expect((await api(server, 'GET', `/products/${online.body.id}`, { token: tokens.cashier })).status).toBe(404);
    expect((await api(server, 'GET', `/products/${online.body.id}?_fields=id,name`, { token: tokens.cashier })).status).toBe(404);
    expect((await api(server, 'GET', '/products?barcode=5060000000019', { token: tokens.cashier })).body).toEqual([]);
    await post('/settings/general', { pos_only_products: false });
    expect(await listed()).toEqual(['WEB-1', 'POS-1']);
  });
});

describe('decimal_qty', () => {
  it('allows stock of weighed goods in up to three decimals only while it is on', async () => {
    const body = { name: 'Cheddar by weight', regular_price: '12.00', manage_stock: true, stock_quantity: 2.5 };
    const refused = await api(server, 'POST', '/products', { token: tokens.shop_manager, body });
    expect(refused.body.data.params).toEqual({ stock_quantity: 'must be a whole number: decimal quantities are off (settings/general decimal_qty)' });
    await post('/settings/general', { decimal_qty: true });
    const created = await api(server, 'POST', '/products', { token: tokens.shop_manager, body });
    expect([created.status, created.body.stock_quantity]).toEqual([201, 2.5]);
    const tooFine = await api(server, 'POST', `/products/${created.body.id}/stock`, {
      token: tokens.shop_manager,
      body: { adjust: -0.0005, reason: 'damaged' },
    });
    expect(tooFine.body.data.params).toEqual({ adjust: 'has at most three decimal places' });
    await post('/settings/general', { decimal_qty: false });
  });
});

describe('prevent_overselling: the store flag and the checkout setting are one rule', () => {
  const admin = async () => (await login(server, 'administrator')).access_token;
  const stockOf = async (id: number) => (await api(server, 'GET', `/products/${id}`, { token: tokens.cashier })).body.stock_quantity as number;
  const count = (id: number, quantity: number) => post(`/products/${id}/stock`, { set: quantity, reason: 'counted' });
  const setStoreFlag = async (on: boolean) => {
    expect((await api(server, 'PATCH', '/stores/1', { token: await admin(), body: { prevent_overselling: on } })).status).toBe(200);
  };
  const sell = async (productId: number, quantity: number) => {
    const order = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: {
        line_items: [
          { sku: 'OVR-COFFEE', quantity: 1 },
          { product_id: productId, quantity },
        ],
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, { token: tokens.cashier, body: { gateway_id: 'pos_card', payment_data: {} } });
    return { order: order.body, paid };
  };
  let scarce = 0;
  let backordered = 0;

  beforeAll(async () => {
    scarce = (
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: 'Sourdough loaf', sku: 'OVR-LOAF', regular_price: '4.00', manage_stock: true, stock_quantity: 3 },
      })
    ).body.id;
    backordered = (
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: 'Birthday cake', sku: 'OVR-CAKE', regular_price: '20.00', manage_stock: true, stock_quantity: 3, backorders: 'yes' },
      })
    ).body.id;
    await api(server, 'POST', '/products', { token: tokens.shop_manager, body: { name: 'Coffee', sku: 'OVR-COFFEE', regular_price: '2.00' } });
  });

  for (const [flag, on, off] of [
    ['settings/checkout', () => post('/settings/checkout', { prevent_overselling: true }), () => post('/settings/checkout', { prevent_overselling: false })],
    ["the store's", () => setStoreFlag(true), () => setStoreFlag(false)],
  ] as const) {
    it(`with ${flag} flag on, 50 of 3 in stock are refused, naming the line and product, and nothing leaves stock`, async () => {
      await count(scarce, 3);
      await on();
      try {
        const { order, paid } = await sell(scarce, 50);
        expect([paid.status, paid.body.code]).toEqual([400, 'pos_rest_insufficient_stock']);
        expect(paid.body.message).toContain('"Sourdough loaf" (line 2): 3 in stock, 50 ordered');
        expect(paid.body.data).toMatchObject({
          param: 'line_items[1].quantity',
          line_item_id: order.line_items[1].id,
          product_id: scarce,
          name: 'Sourdough loaf',
          stock_quantity: 3,
          quantity: 50,
        });
        expect(await stockOf(scarce)).toBe(3);
        expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.status).toBe('pending');
        // Holding the order takes stock too, so it is refused the same way.
        const held = await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { status: 'on-hold' } });
        expect([held.status, held.body.code]).toEqual([400, 'pos_rest_insufficient_stock']);
        // A product that takes backorders may still go below zero.
        const cake = await sell(backordered, 5);
        expect(cake.paid.status, JSON.stringify(cake.paid.body)).toBe(200);
        expect(await stockOf(backordered)).toBe(-2);
        // Exactly what is in stock is sold.
        expect((await sell(scarce, 3)).paid.status).toBe(200);
        expect(await stockOf(scarce)).toBe(0);
      } finally {
        await off();
        await count(backordered, 3);
      }
    });
  }

  it('with both flags off, the sale goes through and stock goes below zero', async () => {
    await count(scarce, 3);
    const { paid } = await sell(scarce, 50);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await stockOf(scarce)).toBe(-47);
  });

  it('refuses an order created on hold beyond stock, and creates nothing', async () => {
    await count(scarce, 3);
    await post('/settings/checkout', { prevent_overselling: true });
    try {
      const orders = async () => (await api(server, 'GET', '/orders?per_page=100', { token: tokens.shop_manager })).body.length as number;
      const before = await orders();
      const refused = await api(server, 'POST', '/orders', {
        token: tokens.cashier,
        body: { status: 'on-hold', line_items: [{ product_id: scarce, quantity: 50 }] },
      });
      expect([refused.status, refused.body.code, refused.body.data.param, refused.body.data.product_id]).toEqual([
        400,
        'pos_rest_insufficient_stock',
        'line_items[0].quantity',
        scarce,
      ]);
      expect([await orders(), await stockOf(scarce)]).toEqual([before, 3]);
    } finally {
      await post('/settings/checkout', { prevent_overselling: false });
    }
  });

  it('an on-hold order may not grow its lines beyond stock while the rule is on', async () => {
    await count(scarce, 3);
    const order = (
      await api(server, 'POST', '/orders', { token: tokens.cashier, body: { status: 'on-hold', line_items: [{ product_id: scarce, quantity: 2 }] } })
    ).body;
    expect(await stockOf(scarce)).toBe(1);
    await post('/settings/checkout', { prevent_overselling: true });
    try {
      const line = order.line_items[0].id;
      const grown = await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { line_items: [{ id: line, quantity: 4 }] } });
      expect([grown.status, grown.body.code, grown.body.data.param]).toEqual([400, 'pos_rest_insufficient_stock', 'line_items[0].quantity']);
      // Its own two units count as its own: three in all is what there is.
      const fits = await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { line_items: [{ id: line, quantity: 3 }] } });
      expect(fits.status, JSON.stringify(fits.body)).toBe(200);
      expect(await stockOf(scarce)).toBe(0);
    } finally {
      await post('/settings/checkout', { prevent_overselling: false });
    }
  });
});

describe('receipt_default_mode', () => {
  it('decides the mode of a receipt asked for without one: the journal record (fiscal, counting reprints) or the order as it is (live)', async () => {
    await api(server, 'POST', '/products', { token: tokens.shop_manager, body: { name: 'Baguette', sku: 'RCP-BAG', regular_price: '1.50' } });
    const order = (await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ sku: 'RCP-BAG', quantity: 2 }] } })).body;
    const receipt = () => api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier });

    expect((await post('/settings/checkout', { receipt_default_mode: 'fiscal' })).status).toBe(200);
    // Not paid yet: there is no fiscal record to print.
    expect([(await receipt()).status, (await receipt()).body.code]).toEqual([404, 'pos_receipt_snapshot_missing']);
    expect(
      (await api(server, 'POST', `/orders/${order.id}/checkout`, { token: tokens.cashier, body: { gateway_id: 'pos_card', payment_data: {} } })).status,
    ).toBe(200);
    const original = await receipt();
    expect([original.status, original.body.mode, original.body.has_snapshot]).toEqual([200, 'fiscal', true]);
    expect(original.body.data.fiscal).toMatchObject({ is_reprint: false, reprint_count: 0 });
    expect(original.body.data.fiscal.sequence).toBeGreaterThan(0);
    const reprint = await receipt();
    expect(reprint.body.data.fiscal).toMatchObject({ is_reprint: true, reprint_count: 1, sequence: original.body.data.fiscal.sequence });

    await post('/settings/checkout', { receipt_default_mode: 'live' });
    const live = await receipt();
    expect([live.body.mode, live.body.has_snapshot, live.body.data.fiscal.sequence]).toEqual(['live', false, null]);
    // An explicit mode still wins over the setting.
    expect((await api(server, 'GET', `/receipts/${order.id}?mode=fiscal`, { token: tokens.cashier })).body.data.fiscal.reprint_count).toBe(2);
  });
});

describe('settings that act on new orders and receipts', () => {
  const newOrder = async (body: Record<string, unknown>) => {
    const response = await api(server, 'POST', '/orders', { token: tokens.cashier, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const receiptOf = async (orderId: number) => (await api(server, 'GET', `/receipts/${orderId}?mode=live`, { token: tokens.cashier })).body.data;

  beforeAll(async () => {
    await api(server, 'POST', '/products', { token: tokens.shop_manager, body: { name: 'Apples by weight', sku: 'EFF-APPLE', regular_price: '2.40' } });
    await api(server, 'POST', '/products', { token: tokens.shop_manager, body: { name: 'Carrier bag', sku: 'EFF-BAG', regular_price: '0.00' } });
  });

  it('decimal_qty: a line of 0.5 kg is refused while it is off and priced exactly while it is on', async () => {
    const refused = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ sku: 'EFF-APPLE', quantity: 0.5 }] } });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_param']);
    expect(Object.keys(refused.body.data.params)).toEqual(['line_items[0].quantity']);
    await post('/settings/general', { decimal_qty: true });
    try {
      // 1.255 kg at 2.40 a kilo: 3.012, rounded to 3.01.
      const order = await newOrder({ line_items: [{ sku: 'EFF-APPLE', quantity: 1.255 }] });
      expect([order.line_items[0].quantity, order.total]).toEqual([1.255, '3.01']);
    } finally {
      await post('/settings/general', { decimal_qty: false });
    }
  });

  it('default_customer: an order that names no customer is that customer’s; 0 sent is still a guest sale', async () => {
    const customer = await api(server, 'POST', '/customers', {
      token: tokens.shop_manager,
      body: { email: 'regular@example.test', first_name: 'Rita', last_name: 'Regular' },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    expect((await newOrder({ line_items: [{ sku: 'EFF-BAG' }] })).customer_id).toBe(0);
    await post('/settings/general', { default_customer: customer.body.id });
    try {
      expect((await newOrder({ line_items: [{ sku: 'EFF-BAG' }] })).customer_id).toBe(customer.body.id);
      expect((await newOrder({ customer_id: 0, line_items: [{ sku: 'EFF-BAG' }] })).customer_id).toBe(0);
    } finally {
      await post('/settings/general', { default_customer: 0 });
    }
  });

  it('default_customer_is_cashier: an order that names no customer is the cashier’s own', async () => {
    await post('/settings/general', { default_customer_is_cashier: true });
    try {
      const order = await newOrder({ line_items: [{ sku: 'EFF-BAG' }] });
      expect(order.customer_id).toBeGreaterThan(0);
      expect(order.billing.email).toBe(`${server.users.cashier.username}@example.test`);
    } finally {
      await post('/settings/general', { default_customer_is_cashier: false });
    }
    expect((await newOrder({ line_items: [{ sku: 'EFF-BAG' }] })).customer_id).toBe(0);
  });

  it('barcode_field: a scan is looked up in the field it names', async () => {
    const scan = async (code: string) =>
      (await api(server, 'GET', `/products?barcode=${code}`, { token: tokens.cashier })).body.map((product: { sku: string }) => product.sku);
    expect(await scan('EFF-APPLE')).toEqual([]);
    await post('/settings/general', { barcode_field: 'sku' });
    try {
      expect(await scan('EFF-APPLE')).toEqual(['EFF-APPLE']);
    } finally {
      await post('/settings/general', { barcode_field: '_global_unique_id' });
    }
  });

  it('store_name, store_phone, store_email, policies_and_conditions and store_tax_ids replace the store’s own on receipts', async () => {
    const order = await newOrder({ line_items: [{ sku: 'EFF-BAG' }] });
    const before = (await receiptOf(order.id)).store;
    const overrides = {
      store_name: 'Corner Bakery',
      store_phone: '01632 960000',
      store_email: 'hello@corner.test',
      policies_and_conditions: 'No returns on bread.',
      store_tax_ids: [{ type: 'eu_vat', value: 'FR12345678901' }],
    };
    expect(before).not.toMatchObject({ name: overrides.store_name });
    await post('/settings/general', overrides);
    try {
      expect((await receiptOf(order.id)).store).toMatchObject({
        name: 'Corner Bakery',
        phone: '01632 960000',
        email: 'hello@corner.test',
        policies_and_conditions: 'No returns on bread.',
        tax_ids: [{ type: 'eu_vat', value: 'FR12345678901' }],
      });
    } finally {
      await post('/settings/general', { store_name: '', store_phone: '', store_email: '', policies_and_conditions: '', store_tax_ids: [] });
    }
    expect((await receiptOf(order.id)).store).toEqual(before);
  });

  it('tax_ids write_map: the receipt shows the tax id stored under the meta key the map names', async () => {
    const order = await newOrder({ line_items: [{ sku: 'EFF-BAG' }], meta_data: [{ key: '_vat_number', value: 'DE123456789' }] });
    expect((await receiptOf(order.id)).customer.tax_ids).toEqual([]);
    await post('/settings/tax_ids', { write_map: { eu_vat: '_vat_number' } });
    try {
      expect((await receiptOf(order.id)).customer.tax_ids).toMatchObject([{ type: 'eu_vat', value: 'DE123456789' }]);
    } finally {
      await post('/settings/tax_ids', { write_map: {} });
    }
  });

  it('default_gateway: an order marked paid without a payment method is paid through it', async () => {
    const cash = await newOrder({ set_paid: true, line_items: [{ sku: 'EFF-BAG' }] });
    expect(cash.payment_method).toBe('pos_cash');
    await post('/settings/payment-gateways', { default_gateway: 'pos_card' });
    try {
      expect((await newOrder({ set_paid: true, line_items: [{ sku: 'EFF-BAG' }] })).payment_method).toBe('pos_card');
    } finally {
      await post('/settings/payment-gateways', { default_gateway: 'pos_cash' });
    }
  });
});

describe('generate_username', () => {
  it('makes a username for a new customer who gave none only while it is on', async () => {
    const made = await post('/customers', { email: 'grace.hopper@example.test' });
    expect([made.status, made.body.username]).toEqual([201, 'grace.hopper']);
    await post('/settings/general', { generate_username: false });
    try {
      const refused = await post('/customers', { email: 'alan.turing@example.test' });
      expect([refused.status, refused.body.code]).toEqual([400, 'registration-error-invalid-username']);
      const named = await post('/customers', { email: 'alan.turing@example.test', username: 'alan' });
      expect([named.status, named.body.username]).toEqual([201, 'alan']);
    } finally {
      await post('/settings/general', { generate_username: true });
    }
  });
});

/**
 * Every key of every settings group either changes what the till does (and the test named here
 * fails if it does not) or is listed in KEPT_FOR_CENTRAL_STORE: a new key with neither fails here.
 */
describe('every settings key', () => {
  const EFFECTS: Record<string, Record<string, string>> = {
    general: {
      pos_only_products: 'this file: pos_only_products and product visibility',
      decimal_qty: 'this file: decimal_qty (stock and order lines)',
      default_customer: 'this file: default_customer',
      default_customer_is_cashier: 'this file: default_customer_is_cashier',
      barcode_field: 'this file: barcode_field; test/catalogue/barcode-lookup.test.ts',
      variable_measure_barcodes: 'test/catalogue/barcode-lookup.test.ts (GS1 weight and price labels)',
      generate_username: 'this file: generate_username',
      sell_private_products: 'test/orders/withdrawn-products.test.ts (a private product sold only while it is on)',
      ask_float_at_first_login: 'test/renderer/counter-first-queue.test.ts (the float asked for before the Sell screen at the day’s first login)',
      store_name: 'this file: receipt overrides',
      store_phone: 'this file: receipt overrides',
      store_email: 'this file: receipt overrides',
      policies_and_conditions: 'this file: receipt overrides',
      store_tax_ids: 'this file: receipt overrides',
    },
    checkout: {
      receipt_default_mode: 'this file: receipt_default_mode',
      prevent_overselling: 'this file: prevent_overselling',
      admin_emails: 'this file: the e-mail groups (refused on)',
      customer_emails: 'this file: the e-mail groups (refused on)',
      cashier_emails: 'this file: the e-mail groups (refused on)',
    },
    tax_ids: { write_map: 'this file: tax_ids write_map' },
    'payment-gateways': {
      default_gateway: 'this file: default_gateway',
      gateways: 'test/orders/checkout.test.ts (order, enabled) and test/catalogue/stock-ledger.test.ts (order_status)',
      auto_print_receipt:
        'test/renderer/auto-print.test.ts (the till prints the receipt once a sale is fully paid); test/settings/settings.test.ts (served in GET /settings)',
    },
    approvals: { required: 'test/approvals', discount_above_percent: 'test/approvals' },
    templates: { active_receipt: 'test/templates', active_report: 'test/templates' },
    license: { key: 'test/settings/settings.test.ts (stored, masked, unverified)' },
  };
  const SCHEMAS: Record<string, { shape: Record<string, unknown> }> = {
    general: generalSettingsSchema,
    checkout: checkoutSettingsSchema,
    tax_ids: taxIdsSettingsSchema,
    'payment-gateways': paymentGatewaySettingsSchema,
    approvals: approvalSettingsSchema,
    templates: TEMPLATE_SETTINGS.schema,
    license: licenseInputSchema,
  };

  for (const [group, schema] of Object.entries(SCHEMAS)) {
    it(`of ${group} takes effect or is kept for the central store, not both`, () => {
      const effective = Object.keys(EFFECTS[group] ?? {});
      const kept = Object.keys(KEPT_FOR_CENTRAL_STORE[group] ?? {});
      expect(effective.filter((key) => kept.includes(key))).toEqual([]);
      expect(Object.keys(schema.shape).sort()).toEqual([...effective, ...kept].sort());
    });
  }

  it('kept for the central store is stored, and the log says the till does not act on it', async () => {
    expect((await post('/settings/general', { tracking_consent: 'denied', decimal_qty: false })).status).toBe(200);
    expect(stored('general')).toMatchObject({ tracking_consent: 'denied' });
    const logs = await api(server, 'GET', '/logs?per_page=5', { token: (await login(server, 'administrator')).access_token });
    const messages = (logs.body.entries as Array<{ message: string }>).map((entry) => entry.message);
    expect(messages).toContainEqual(
      expect.stringContaining('kept for the central store, not acted on by this till: general.tracking_consent (the till sends no usage data anywhere)'),
    );
    expect(messages.join('\n')).not.toContain('general.decimal_qty (');
  });
});
