import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { api, login, startTestServer, type TestServer, withDb } from '../helpers/server.js';

/** Every settings key takes effect or is refused (issue 8, item 4): the keys that need no order code. */
let server: TestServer;
let manager: string;
let cashier: string;

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'shop_manager')).access_token;
  cashier = (await login(server, 'cashier')).access_token;
});

afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown) => api(server, 'POST', path, { token: manager, body });
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
    const view = await api(server, 'GET', '/settings/general', { token: manager });
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
    const online = await api(server, 'POST', '/products', { token: manager, body: { name: 'Gift card (web only)', sku: 'WEB-1', barcode: '5060000000019', regular_price: '10.00', pos_visibility: 'online_only' } });
    const till = await api(server, 'POST', '/products', { token: manager, body: { name: 'Gift card (till)', sku: 'POS-1', regular_price: '10.00', pos_visibility: 'pos_only' } });
    expect([online.body.pos_visibility, till.body.pos_visibility]).toEqual(['online_only', 'pos_only']);
    const listed = async () => (await api(server, 'GET', '/products?search=gift%20card&orderby=id&order=asc', { token: cashier })).body.map((product: any) => product.sku);
    expect(await listed()).toEqual(['WEB-1', 'POS-1']);
    expect((await post('/settings/general', { pos_only_products: true })).status).toBe(200);
    expect(await listed()).toEqual(['POS-1']);
    expect((await api(server, 'GET', `/products/${online.body.id}`, { token: cashier })).status).toBe(404);
    expect((await api(server, 'GET', '/products?barcode=5060000000019', { token: cashier })).body).toEqual([]);
    await post('/settings/general', { pos_only_products: false });
    expect(await listed()).toEqual(['WEB-1', 'POS-1']);
  });
});

describe('decimal_qty', () => {
  it('allows stock of weighed goods in up to three decimals only while it is on', async () => {
    const body = { name: 'Cheddar by weight', regular_price: '12.00', manage_stock: true, stock_quantity: 2.5 };
    const refused = await api(server, 'POST', '/products', { token: manager, body });
    expect(refused.body.data.params).toEqual({ stock_quantity: 'must be a whole number: decimal quantities are off (settings/general decimal_qty)' });
    await post('/settings/general', { decimal_qty: true });
    const created = await api(server, 'POST', '/products', { token: manager, body });
    expect([created.status, created.body.stock_quantity]).toEqual([201, 2.5]);
    const tooFine = await api(server, 'POST', `/products/${created.body.id}/stock`, { token: manager, body: { adjust: -0.0005, reason: 'damaged' } });
    expect(tooFine.body.data.params).toEqual({ adjust: 'has at most three decimal places' });
    await post('/settings/general', { decimal_qty: false });
  });
});
