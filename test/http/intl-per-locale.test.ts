import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder, setStore, UK_STORE } from '../helpers/shop-data.js';

/**
 * Currency symbols, country names and time zones come from Intl objects that are built once and
 * kept: each answer still follows the store's current currency, locale and zone.
 */
const { server, tokens, catalogue } = useServer({ roles: ['cashier', 'administrator'], store: 'uk', catalogue: 'sale' });

describe('Intl kept per locale, currency and zone', () => {
  it('the currency symbol follows the store currency and locale', async () => {
    const symbol = async () => (await api(server, 'GET', '/settings', { token: tokens.cashier })).body.store.currency_symbol as string;
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
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] });
    const country = async () =>
      ((await api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier })).body.data.store.address_lines as string[]).at(-1);
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
    const patch = async (timezone: string) => api(server, 'PATCH', '/stores/1', { token: tokens.administrator, body: { timezone } });
    expect((await patch('Europe/London')).status).toBe(200);
    expect((await patch('Europe/Nowhere')).status).toBe(400);
    expect((await patch('Europe/Nowhere')).status).toBe(400);
    expect((await patch('Asia/Tokyo')).status).toBe(200);
    setStore(server, UK_STORE);
  });
});
