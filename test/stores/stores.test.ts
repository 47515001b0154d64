import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface ErrorBody {
  code: string;
  data: { status: number; params: Record<string, string> };
}
interface StoreBody {
  id: number;
  name: string;
  currency: string;
  price_num_decimals: number;
  tax_based_on: string;
  tax_address: Record<string, string>;
  meta_data: Array<{ id: number; key: string; value: unknown }>;
  date_created: string;
  date_created_gmt: string;
}
type StoreResponse = StoreBody & ErrorBody;

const { server, tokens } = useServer();

describe('GET /stores', () => {
  it('lists the default store for the cashier, with its fields, links and paging headers', async () => {
    const response = await api<StoreBody[]>(server, 'GET', '/stores', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('1');
    expect(response.headers.get('x-wp-totalpages')).toBe('1');
    expect(response.body).toHaveLength(1);
    const store = response.body[0]!;
    expect(store).toMatchObject({
      id: 1,
      name: 'Default store',
      currency: 'USD',
      price_num_decimals: 2,
      calc_taxes: true,
      prices_include_tax: false,
      tax_based_on: 'base',
      tax_round_at_subtotal: false,
      shipping_tax_class: 'inherit',
      store_country: 'US',
      store_state: 'CA',
      // view context: the tax address in use, i.e. the store's own address
      tax_address: { country: 'US', state: 'CA', postcode: '', city: '' },
      meta_data: [],
      _links: { self: [{ href: `${server.apiUrl}/stores/1` }], collection: [{ href: `${server.apiUrl}/stores` }] },
    });
    expect(store.date_created_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(store.date_created).toBe(store.date_created_gmt);
  });

  it('answers one store by id, and 404 for an unknown one', async () => {
    const response = await api<StoreResponse>(server, 'GET', '/stores/1', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Default store');
    const missing = await api<StoreResponse>(server, 'GET', '/stores/999', { token: tokens.cashier });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('pos_rest_store_invalid_id');
  });
});

describe('POST /stores', () => {
  it('creates a store: 201, Location, validated fields and meta data', async () => {
    const response = await api<StoreResponse>(server, 'POST', '/stores', {
      token: tokens.shop_manager,
      body: {
        id: 77,
        name: '  Harbour kiosk ',
        currency: 'eur',
        store_country: 'gb',
        store_state: '',
        store_city: 'Bristol',
        timezone: 'Europe/London',
        prices_include_tax: true,
        meta_data: [{ key: 'region', value: 'south' }],
      },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${server.apiUrl}/stores/2`);
    expect(response.body).toMatchObject({
      id: 2,
      name: 'Harbour kiosk',
      currency: 'EUR',
      store_country: 'GB',
      store_city: 'Bristol',
      timezone: 'Europe/London',
      prices_include_tax: true,
      calc_taxes: true,
      // edit context: the raw stored tax address
      tax_address: { country: '', state: '', postcode: '', city: '' },
      meta_data: [{ id: 1, key: 'region', value: 'south' }],
    });
    const read = await api<StoreResponse>(server, 'GET', '/stores/2', { token: tokens.cashier });
    expect(read.body.tax_address).toEqual({ country: 'GB', state: '', postcode: '', city: 'Bristol' });
  });

  it('requires a name and valid fields', async () => {
    const response = await api<StoreResponse>(server, 'POST', '/stores', {
      token: tokens.shop_manager,
      body: { currency: 'EURO', timezone: 'Mars/Olympus', tax_based_on: 'moon' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(response.body.data.params).toEqual({
      name: 'name is required',
      currency: 'must be an ISO 4217 currency code',
      timezone: 'must be an IANA time zone such as Europe/London',
      tax_based_on: 'Invalid option: expected one of "shipping"|"billing"|"base"',
    });
    expect((await api<StoreBody[]>(server, 'GET', '/stores', { token: tokens.administrator })).headers.get('x-wp-total')).toBe('2');
  });

  it('pages the list with X-WP-Total, X-WP-TotalPages and Link', async () => {
    for (const name of ['Market stall', 'Pop-up'])
      expect((await api<StoreResponse>(server, 'POST', '/stores', { token: tokens.administrator, body: { name } })).status).toBe(201);
    const first = await api<StoreBody[]>(server, 'GET', '/stores?per_page=3', { token: tokens.cashier });
    expect(first.headers.get('x-wp-total')).toBe('4');
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.headers.get('link')).toContain('rel="next"');
    expect(first.body.map((store) => store.id)).toEqual([1, 2, 3]);
    const second = await api<StoreBody[]>(server, 'GET', '/stores?per_page=3&page=2', { token: tokens.cashier });
    expect(second.body.map((store) => store.name)).toEqual(['Pop-up']);
    const trimmed = await api<StoreBody[]>(server, 'GET', '/stores?per_page=2&_fields=id,name', { token: tokens.cashier });
    expect(trimmed.body).toEqual([
      { id: 1, name: 'Default store' },
      { id: 2, name: 'Harbour kiosk' },
    ]);
  });
});

describe('PATCH /stores/{id}', () => {
  it('persists the tax settings that drive order totals, and nothing else changes', async () => {
    const response = await api<StoreResponse>(server, 'PATCH', '/stores/1', {
      token: tokens.shop_manager,
      body: {
        prices_include_tax: true,
        tax_based_on: 'billing',
        tax_round_at_subtotal: true,
        shipping_tax_class: 'reduced-rate',
        calc_taxes: true,
        store_address: '1 Market Street',
        store_city: 'Bath',
        store_postcode: 'BA1 1AA',
        store_country: 'GB',
        store_state: '',
        tax_address: { country: 'GB', postcode: 'BA1' },
      },
    });
    expect(response.status).toBe(200);
    const edit = await api<StoreResponse>(server, 'GET', '/stores/1/edit', { token: tokens.administrator });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      id: 1,
      name: 'Default store',
      currency: 'USD',
      prices_include_tax: true,
      tax_based_on: 'billing',
      tax_round_at_subtotal: true,
      shipping_tax_class: 'reduced-rate',
      store_address: '1 Market Street',
      store_city: 'Bath',
      store_postcode: 'BA1 1AA',
      store_country: 'GB',
      store_state: '',
      tax_address: { country: 'GB', state: '', postcode: 'BA1', city: '' },
    });
    expect(edit.body).toEqual(response.body);
  });

  it('merges tax_address key by key and upserts meta data by key', async () => {
    const response = await api<StoreResponse>(server, 'PATCH', '/stores/2', {
      token: tokens.administrator,
      body: {
        tax_address: { city: 'Bath' },
        meta_data: [
          { key: 'region', value: 'west' },
          { key: 'tills', value: 3 },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.tax_address).toEqual({ country: '', state: '', postcode: '', city: 'Bath' });
    expect(response.body.meta_data).toEqual([
      { id: 1, key: 'region', value: 'west' },
      { id: 2, key: 'tills', value: 3 },
    ]);
    expect(response.body.name).toBe('Harbour kiosk');
    expect(response.body.currency).toBe('EUR');
  });

  it('refuses invalid values and writes nothing', async () => {
    const response = await api<StoreResponse>(server, 'PATCH', '/stores/1', {
      token: tokens.shop_manager,
      body: { price_num_decimals: 7, tax_based_on: 'moon', name: ' ' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.data.params).sort()).toEqual(['name', 'price_num_decimals', 'tax_based_on']);
    const edit = await api<StoreResponse>(server, 'GET', '/stores/1/edit', { token: tokens.shop_manager });
    expect(edit.body.price_num_decimals).toBe(2);
    expect(edit.body.tax_based_on).toBe('billing');
  });

  it('answers 404 for an unknown store, and 403 to the cashier', async () => {
    const missing = await api<StoreResponse>(server, 'PATCH', '/stores/999', { token: tokens.shop_manager, body: { name: 'Nowhere' } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('pos_rest_store_invalid_id');
    const missingEdit = await api<StoreResponse>(server, 'GET', '/stores/999/edit', { token: tokens.shop_manager });
    expect(missingEdit.status).toBe(404);
    expect(missingEdit.body.code).toBe('pos_rest_store_invalid_id');
    const refused = await api<StoreResponse>(server, 'PATCH', '/stores/1', { token: tokens.cashier, body: { name: 'Mine' } });
    expect(refused.status).toBe(403);
    expect((await api<StoreResponse>(server, 'GET', '/stores/1', { token: tokens.cashier })).body.name).toBe('Default store');
  });
});
