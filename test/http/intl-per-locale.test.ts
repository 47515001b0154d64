import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';
import { createOrder, seedCatalogue, setStore, UK_STORE, type Catalogue } from '../helpers/shop-data.js';

/**
 * Currency symbols, country names and time zones come from Intl objects that are built once and
 * kept: each answer still follows the store's current currency, locale and zone.
 */
let server: TestServer;
let cashier: string;
let admin: string;
let catalogue: Catalogue;

beforeAll(async () => {
  server = await startTestServer();
  setStore(server, UK_STORE);
  catalogue = seedCatalogue(server);
  cashier = (await login(server, 'cashier')).access_token;
  admin = (await login(server, 'administrator')).access_token;
});
afterAll(async () => {
  await server.close();
});

describe('Intl kept per locale, currency and zone', () => {
  it('the currency symbol follows the store currency and locale', async () => {
    const symbol = async () => (await api(server, 'GET', '/settings', { token: cashier })).body.store.currency_symbol as string;
    expect(await symbol()).toBe('£');
    setStore(server, { ...UK_STORE, currency: 'EUR' });
    expect(await symbol()).toBe('€');
    setStore(server, { ...UK_STORE, currency: 'EUR', locale: 'de_DE' });
    expect(await symbol()).toBe('€');
    setStore(server, { ...UK_STORE, currency: 'XTS' });
    expect(await symbol()).toBe('XTS');
    setStore(server, UK_STORE);
    expect(await symbol()).toBe('£');
  });

  it("receipt addresses name the country in the store's language", async () => {
    const order = await createOrder(server, cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] });
    const country = async () => ((await api(server, 'GET', `/receipts/${order.id}`, { token: cashier })).body.data.store.address_lines as string[]).at(-1);
    expect(await country()).toBe('United Kingdom');
    setStore(server, { ...UK_STORE, locale: 'de_DE' });
    expect(await country()).toBe('Vereinigtes Königreich');
    setStore(server, { ...UK_STORE, locale: 'de_DE', store_country: 'FR' });
    expect(await country()).toBe('Frankreich');
    setStore(server, { ...UK_STORE, locale: 'not a locale' });
    expect(await country()).toBe('GB');
    setStore(server, UK_STORE);
    expect(await country()).toBe('United Kingdom');
  });

  it('a store time zone is checked for each name', async () => {
    const patch = async (timezone: string) => api(server, 'PATCH', '/stores/1', { token: admin, body: { timezone } });
    expect((await patch('Europe/London')).status).toBe(200);
    expect((await patch('Europe/Nowhere')).status).toBe(400);
    expect((await patch('Europe/Nowhere')).status).toBe(400);
    expect((await patch('Asia/Tokyo')).status).toBe(200);
    setStore(server, UK_STORE);
  });
});
