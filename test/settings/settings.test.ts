import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface ErrorBody {
  code: string;
  data: { status: number; params: Record<string, string> };
}
interface SettingsIndex {
  store: { name: string };
  general: Record<string, unknown>;
  checkout: Record<string, unknown>;
  payment_gateways: { default_gateway: string; enabled: string[]; auto_print_receipt: boolean };
}
interface GatewaySetting {
  id: string;
  title: string;
  description: string;
  order: number;
  enabled: boolean;
  order_status: string;
}
interface GatewaySettingsView {
  default_gateway: string;
  gateways: Record<string, GatewaySetting>;
  auto_print_receipt: boolean;
}
interface LicenseView {
  key: string;
  instance: string;
  activated: boolean;
  status: string;
  message: string;
}
interface LogsBody {
  entries: Array<{ message: string }>;
}

const { server, tokens } = useServer();

/** The stored settings of a section, read on a second connection as another process would. */
function storedSection(section: string): Record<string, unknown> {
  const db = openDataDirDatabase(server.dataDir);
  try {
    return new SettingsRepository(db).section(section);
  } finally {
    db.close();
  }
}

const GENERAL_DEFAULTS = {
  pos_only_products: false,
  decimal_qty: false,
  sell_private_products: false,
  force_ssl: true,
  ask_float_at_first_login: false,
  default_customer: 0,
  default_customer_is_cashier: false,
  barcode_field: '_global_unique_id',
  variable_measure_barcodes: { enabled: true, measure: 'weight', item_digits: 5, value_decimals: null },
  generate_username: true,
  restore_stock_on_delete: true,
  storefront_receipt_enabled: false,
  storefront_receipt_template: '',
  tracking_consent: 'undecided',
  store_name: '',
  store_phone: '',
  store_email: '',
  policies_and_conditions: '',
  store_tax_ids: [],
  store_defaults: { store_name: 'Default store', store_phone: '', store_email: '', policies_and_conditions: '', store_tax_ids: [] },
};

const CHECKOUT_DEFAULTS = {
  receipt_default_mode: 'live',
  prevent_overselling: false,
  // Tillbase sends no e-mail: the groups are kept, all off (see settings-effects.test.ts).
  admin_emails: { enabled: false, new_order: false, cancelled_order: false, failed_order: false },
  customer_emails: {
    enabled: false,
    customer_on_hold_order: false,
    customer_processing_order: false,
    customer_completed_order: false,
    customer_refunded_order: false,
    customer_failed_order: false,
  },
  cashier_emails: { enabled: false, new_order: false },
  dequeue_script_handles: [],
  dequeue_style_handles: [],
  disable_wp_head: false,
  disable_wp_footer: false,
};

describe('GET /settings (the index every role reads)', () => {
  it('gives the cashier the selling settings of the default store', async () => {
    const response = await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      store: {
        id: 1,
        name: 'Default store',
        locale: 'en_US',
        timezone: 'UTC',
        currency: 'USD',
        currency_symbol: '$',
        currency_pos: 'left',
        price_thousand_sep: ',',
        price_decimal_sep: '.',
        price_num_decimals: 2,
        calc_taxes: true,
        prices_include_tax: false,
        tax_display_shop: 'excl',
        tax_display_cart: 'excl',
        tax_total_display: 'itemized',
        price_display_suffix: '',
      },
      general: {
        pos_only_products: false,
        decimal_qty: false,
        barcode_field: '_global_unique_id',
        default_customer: 0,
        default_customer_is_cashier: false,
        generate_username: true,
        ask_float_at_first_login: false,
        // The till reads it here to show a private product as for sale (shared/for-sale.ts).
        sell_private_products: false,
      },
      checkout: { receipt_default_mode: 'live', prevent_overselling: false },
      payment_gateways: { default_gateway: 'pos_cash', enabled: ['pos_cash', 'pos_card'], auto_print_receipt: false },
    });
  });

  it('never carries the licence key', async () => {
    const stored = await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', {
      token: tokens.administrator,
      body: { key: 'SECRET-KEY-FOR-INDEX-9876' },
    });
    expect(stored.status).toBe(200);
    const response = await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier });
    expect(response.status).toBe(200);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('SECRET-KEY');
    expect(text).not.toContain('9876');
    expect(text).not.toContain('license');
    await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', { token: tokens.administrator, body: { key: '' } });
  });

  it('refuses the management groups to the cashier', async () => {
    for (const path of ['/settings/general', '/settings/checkout', '/settings/tax_ids', '/settings/payment-gateways', '/settings/license']) {
      const response = await api<ErrorBody>(server, 'GET', path, { token: tokens.cashier });
      expect(response.status, path).toBe(403);
      expect(response.body.code).toBe('pos_rest_forbidden');
    }
  });
});

describe('settings/general', () => {
  it('starts with the defaults and the default store as store_defaults', async () => {
    const response = await api<ErrorBody>(server, 'GET', '/settings/general', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(GENERAL_DEFAULTS);
  });

  it('persists a partial update and leaves the other keys alone', async () => {
    const update = await api<ErrorBody>(server, 'POST', '/settings/general', {
      token: tokens.shop_manager,
      body: { decimal_qty: true, barcode_field: '_sku', store_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }], store_defaults: { store_name: 'ignored' } },
    });
    expect(update.status).toBe(200);
    const expected = { ...GENERAL_DEFAULTS, decimal_qty: true, barcode_field: '_sku', store_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }] };
    expect(update.body).toEqual(expected);
    const again = await api<ErrorBody>(server, 'GET', '/settings/general', { token: tokens.administrator });
    expect(again.body).toEqual(expected);
    expect(storedSection('general')).toEqual({ decimal_qty: true, barcode_field: '_sku', store_tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }] });
    const index = await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier });
    expect(index.body.general).toMatchObject({ decimal_qty: true, barcode_field: '_sku' });
  });

  it('shows a store name override in the index, and the store name when it is cleared', async () => {
    await api<ErrorBody>(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { store_name: 'Corner Shop' } });
    expect((await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier })).body.store.name).toBe('Corner Shop');
    await api<ErrorBody>(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { store_name: '' } });
    expect((await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier })).body.store.name).toBe('Default store');
  });

  it('refuses invalid values with 400 and data.params, and writes nothing', async () => {
    const before = await api<ErrorBody>(server, 'GET', '/settings/general', { token: tokens.shop_manager });
    const response = await api<ErrorBody>(server, 'POST', '/settings/general', {
      token: tokens.shop_manager,
      body: { decimal_qty: 'yes', store_email: 'not-an-address', tracking_consent: 'maybe', barcode_field: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(Object.keys(response.body.data.params).sort()).toEqual(['barcode_field', 'decimal_qty', 'store_email', 'tracking_consent']);
    expect(response.body.data.params.store_email).toBe('must be an email address');
    expect((await api<ErrorBody>(server, 'GET', '/settings/general', { token: tokens.shop_manager })).body).toEqual(before.body);
  });

  it('refuses a body that is not an object', async () => {
    const response = await api<ErrorBody>(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: [1, 2] });
    expect(response.status).toBe(400);
    expect(response.body.data.params).toHaveProperty('body');
  });
});

describe('settings/checkout', () => {
  it('starts with the defaults', async () => {
    const response = await api<{ receipt_default_mode: string } & ErrorBody>(server, 'GET', '/settings/checkout', { token: tokens.administrator });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(CHECKOUT_DEFAULTS);
  });

  it('merges a nested update into the stored group and persists it', async () => {
    const update = await api<{ receipt_default_mode: string } & ErrorBody>(server, 'POST', '/settings/checkout', {
      token: tokens.administrator,
      body: { receipt_default_mode: 'fiscal', admin_emails: { new_order: false } },
    });
    expect(update.status).toBe(200);
    const expected = { ...CHECKOUT_DEFAULTS, receipt_default_mode: 'fiscal' };
    expect(update.body).toEqual(expected);
    expect((await api<{ receipt_default_mode: string } & ErrorBody>(server, 'GET', '/settings/checkout', { token: tokens.shop_manager })).body).toEqual(
      expected,
    );
    expect((await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier })).body.checkout).toEqual({
      receipt_default_mode: 'fiscal',
      prevent_overselling: false,
    });
  });

  it('refuses invalid values with 400 and data.params', async () => {
    const response = await api<{ receipt_default_mode: string } & ErrorBody>(server, 'POST', '/settings/checkout', {
      token: tokens.administrator,
      body: { receipt_default_mode: 'paper', cashier_emails: { enabled: 'on' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(Object.keys(response.body.data.params).sort()).toEqual(['cashier_emails.enabled', 'receipt_default_mode']);
    expect(
      (await api<{ receipt_default_mode: string } & ErrorBody>(server, 'GET', '/settings/checkout', { token: tokens.administrator })).body.receipt_default_mode,
    ).toBe('fiscal');
  });
});

describe('settings/tax_ids', () => {
  it('starts with an empty write map', async () => {
    const response = await api<ErrorBody>(server, 'GET', '/settings/tax_ids', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ write_map: {} });
  });

  it('persists a write map and replaces it wholesale on the next update', async () => {
    const first = await api<ErrorBody>(server, 'POST', '/settings/tax_ids', {
      token: tokens.shop_manager,
      body: { write_map: { eu_vat: '_billing_vat', gb_vat: '_billing_gb_vat' } },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ write_map: { eu_vat: '_billing_vat', gb_vat: '_billing_gb_vat' } });
    const second = await api<ErrorBody>(server, 'POST', '/settings/tax_ids', { token: tokens.shop_manager, body: { write_map: { us_ein: '_billing_ein' } } });
    expect(second.body).toEqual({ write_map: { us_ein: '_billing_ein' } });
    expect((await api<ErrorBody>(server, 'GET', '/settings/tax_ids', { token: tokens.administrator })).body).toEqual({ write_map: { us_ein: '_billing_ein' } });
  });

  it('refuses an empty meta key and a malformed type', async () => {
    const response = await api<ErrorBody>(server, 'POST', '/settings/tax_ids', {
      token: tokens.shop_manager,
      body: { write_map: { eu_vat: '', 'Bad Type': '_x' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.data.params).toEqual({ 'write_map.eu_vat': 'must name a meta key', 'write_map.Bad Type': 'Invalid key in record' });
    expect((await api<ErrorBody>(server, 'GET', '/settings/tax_ids', { token: tokens.administrator })).body).toEqual({ write_map: { us_ein: '_billing_ein' } });
  });
});

describe('settings/payment-gateways', () => {
  const CASH = { id: 'pos_cash', title: 'Cash', description: 'Cash paid at the till; the change due is worked out from the amount tendered.' };
  const CARD = { id: 'pos_card', title: 'Card', description: 'Card paid on a terminal beside the till; the terminal transaction id may be recorded.' };

  it('lists every installed gateway with its default setting', async () => {
    const response = await api<GatewaySettingsView & ErrorBody>(server, 'GET', '/settings/payment-gateways', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      default_gateway: 'pos_cash',
      gateways: {
        pos_cash: { ...CASH, order: 0, enabled: true, order_status: 'completed' },
        pos_card: { ...CARD, order: 1, enabled: true, order_status: 'completed' },
      },
      auto_print_receipt: false,
    });
  });

  it('persists a partial update in the schema the checkout reads', async () => {
    const update = await api<GatewaySettingsView & ErrorBody>(server, 'POST', '/settings/payment-gateways', {
      token: tokens.shop_manager,
      body: { gateways: { pos_card: { order_status: 'processing', order: 5 } }, auto_print_receipt: true },
    });
    expect(update.status).toBe(200);
    expect(update.body.gateways.pos_card).toEqual({ ...CARD, order: 5, enabled: true, order_status: 'processing' });
    expect(update.body.auto_print_receipt).toBe(true);
    expect(storedSection('payment-gateways')).toEqual({
      default_gateway: 'pos_cash',
      gateways: { pos_cash: { order: 0, enabled: true, order_status: 'completed' }, pos_card: { order: 5, enabled: true, order_status: 'processing' } },
      auto_print_receipt: true,
    });
    expect((await api<GatewaySettingsView & ErrorBody>(server, 'GET', '/settings/payment-gateways', { token: tokens.administrator })).body).toEqual(
      update.body,
    );
  });

  it('refuses an unknown gateway id', async () => {
    const response = await api<GatewaySettingsView & ErrorBody>(server, 'POST', '/settings/payment-gateways', {
      token: tokens.shop_manager,
      body: { gateways: { stripe_terminal: { enabled: true } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(response.body.data.params).toEqual({ 'gateways.stripe_terminal': 'stripe_terminal is not an installed payment gateway' });
  });

  it('refuses a default gateway that is disabled or unknown', async () => {
    const disabled = await api<GatewaySettingsView & ErrorBody>(server, 'POST', '/settings/payment-gateways', {
      token: tokens.shop_manager,
      body: { gateways: { pos_cash: { enabled: false } } },
    });
    expect(disabled.status).toBe(400);
    expect(disabled.body.data.params).toEqual({ default_gateway: 'pos_cash is disabled; the default gateway must be an enabled one' });
    const unknown = await api<GatewaySettingsView & ErrorBody>(server, 'POST', '/settings/payment-gateways', {
      token: tokens.shop_manager,
      body: { default_gateway: 'bitcoin' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.params).toEqual({ default_gateway: 'bitcoin is not an installed payment gateway' });
    const badStatus = await api<GatewaySettingsView & ErrorBody>(server, 'POST', '/settings/payment-gateways', {
      token: tokens.shop_manager,
      body: { gateways: { pos_cash: { order_status: 'shipped' } } },
    });
    expect(badStatus.status).toBe(400);
    expect(Object.keys(badStatus.body.data.params)).toEqual(['gateways.pos_cash.order_status']);
    expect(storedSection('payment-gateways').default_gateway).toBe('pos_cash');
  });

  it('accepts disabling cash once card is the default, and the index follows', async () => {
    const response = await api<GatewaySettingsView & ErrorBody>(server, 'POST', '/settings/payment-gateways', {
      token: tokens.shop_manager,
      body: { default_gateway: 'pos_card', gateways: { pos_cash: { enabled: false } } },
    });
    expect(response.status).toBe(200);
    expect(response.body.default_gateway).toBe('pos_card');
    expect(response.body.gateways.pos_cash?.enabled).toBe(false);
    const index = await api<SettingsIndex>(server, 'GET', '/settings', { token: tokens.cashier });
    expect(index.body.payment_gateways).toEqual({ default_gateway: 'pos_card', enabled: ['pos_card'], auto_print_receipt: true });
  });
});

describe('settings/license', () => {
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

  it('has no key at first', async () => {
    const response = await api<LicenseView & ErrorBody>(server, 'GET', '/settings/license', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      key: '',
      instance: '',
      product_id: 'tillbase',
      platform: process.platform,
      version,
      activated: false,
      status: 'none',
      message: 'No licence key is stored.',
    });
  });

  it('stores the key, answers it masked and says it cannot be verified offline', async () => {
    const key = 'ABCD-EFGH-1234-WXYZ';
    const response = await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', { token: tokens.shop_manager, body: { key } });
    expect(response.status).toBe(200);
    expect(response.body.key).toBe('•••••••••••••••WXYZ');
    expect(response.body.activated).toBe(false);
    expect(response.body.status).toBe('unverified');
    expect(response.body.message).toBe(
      'The licence key is stored on this till. Tillbase runs offline and cannot reach a licence server, so the key has not been verified or activated.',
    );
    expect(response.body.instance).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(storedSection('license')).toEqual({ key, instance: response.body.instance });

    const again = await api<LicenseView & ErrorBody>(server, 'GET', '/settings/license', { token: tokens.administrator });
    expect(again.body).toEqual(response.body);

    const log = await api<LogsBody>(server, 'GET', '/logs?per_page=100', { token: tokens.administrator });
    expect(JSON.stringify(log.body)).not.toContain('ABCD-EFGH');
    expect(log.body.entries.some((entry) => entry.message === 'Licence key stored (not verified: Tillbase is offline)')).toBe(true);
  });

  it('keeps the instance across a new key and clears everything with an empty key', async () => {
    const first = await api<LicenseView & ErrorBody>(server, 'GET', '/settings/license', { token: tokens.administrator });
    const replaced = await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', { token: tokens.administrator, body: { key: 'NEWKEY77' } });
    expect(replaced.body.key).toBe('••••EY77');
    expect(replaced.body.instance).toBe(first.body.instance);
    const cleared = await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', { token: tokens.administrator, body: { key: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ key: '', instance: '', status: 'none', activated: false });
    expect(storedSection('license')).toEqual({ key: '', instance: '' });
  });

  it('refuses a missing or malformed key without echoing it', async () => {
    const missing = await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', { token: tokens.administrator, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.data.params).toEqual({ key: 'key is required' });
    const spaced = await api<LicenseView & ErrorBody>(server, 'POST', '/settings/license', {
      token: tokens.administrator,
      body: { key: 'has a space SECRETPART' },
    });
    expect(spaced.status).toBe(400);
    expect(spaced.body.data.params).toEqual({ key: 'a licence key is made of printable characters without spaces' });
    expect(JSON.stringify(spaced.body)).not.toContain('SECRETPART');
  });
});
