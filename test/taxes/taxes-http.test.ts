import { describe, expect, it } from 'vitest';
import { TaxRatesRepository } from '../../server/data/repositories/tax-rates.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** `GET /taxes` and `GET /taxes/classes` (woocommerce-reference §2.10, §2.11). */

const ids: Record<string, number> = {};

const { server, tokens } = useServer({ roles: ['cashier'] }, () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const rates = new TaxRatesRepository(db);
    ids.california = rates.create({
      country: 'us',
      state: 'ca',
      postcodes: ['90*', '91000...91999'],
      cities: ['Los Angeles'],
      rate: '7.25',
      name: 'CA State',
      priority: 1,
      compound: false,
      shipping: true,
      class: '',
    }).id;
    ids.vat = rates.create({
      country: 'GB',
      state: '',
      postcodes: [],
      cities: [],
      rate: '20',
      name: 'VAT',
      priority: 1,
      compound: false,
      shipping: true,
      class: 'standard',
    }).id;
    ids.reduced = rates.create({
      country: 'GB',
      state: '',
      postcodes: [],
      cities: [],
      rate: '5',
      name: 'Reduced VAT',
      priority: 1,
      compound: false,
      shipping: false,
      class: 'reduced-rate',
    }).id;
    ids.quebec = rates.create({
      country: 'CA',
      state: 'QC',
      postcodes: [],
      cities: [],
      rate: '9.975',
      name: 'QST',
      priority: 2,
      compound: true,
      shipping: true,
      class: '',
    }).id;
    expect(() =>
      rates.create({
        country: 'GB',
        state: '',
        postcodes: [],
        cities: [],
        rate: '1',
        name: 'X',
        priority: 1,
        compound: false,
        shipping: true,
        class: 'luxury',
      }),
    ).toThrow('unknown tax class "luxury"');
    expect(() =>
      rates.create({ country: 'GB', state: '', postcodes: [], cities: [], rate: '7.25%', name: 'X', priority: 1, compound: false, shipping: true, class: '' }),
    ).toThrow();
  } finally {
    db.close();
  }
});

describe('GET /taxes', () => {
  it('lists rates in their order with the WooCommerce shape', async () => {
    const response = await api(server, 'GET', '/taxes', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('4');
    expect(response.body.map((rate: any) => rate.id)).toEqual([ids.california, ids.vat, ids.reduced, ids.quebec]);
    expect(response.body[0]).toEqual({
      id: ids.california,
      country: 'US',
      state: 'CA',
      postcode: '91000...91999',
      city: 'LOS ANGELES',
      postcodes: ['90*', '91000...91999'],
      cities: ['LOS ANGELES'],
      rate: '7.2500',
      name: 'CA State',
      priority: 1,
      compound: false,
      shipping: true,
      order: 0,
      class: 'standard',
      _links: { self: [{ href: `${server.apiUrl}/taxes/${ids.california}` }], collection: [{ href: `${server.apiUrl}/taxes` }] },
    });
    expect(response.body[3]).toMatchObject({ rate: '9.9750', compound: true, priority: 2, order: 3, postcode: '', city: '' });
  });

  it('filters by class, sorts by priority or id, pages', async () => {
    const reduced = await api(server, 'GET', '/taxes?class=reduced-rate', { token: tokens.cashier });
    expect(reduced.body.map((rate: any) => [rate.id, rate.shipping])).toEqual([[ids.reduced, false]]);
    const standard = await api(server, 'GET', '/taxes?class=standard', { token: tokens.cashier });
    expect(standard.body.map((rate: any) => rate.id)).toEqual([ids.california, ids.vat, ids.quebec]);
    const byPriority = await api(server, 'GET', '/taxes?orderby=priority&order=desc', { token: tokens.cashier });
    expect(byPriority.body[0].id).toBe(ids.quebec);
    const byId = await api(server, 'GET', '/taxes?orderby=id&order=desc&per_page=2', { token: tokens.cashier });
    expect(byId.body.map((rate: any) => rate.id)).toEqual([ids.quebec, ids.reduced]);
    expect([byId.headers.get('x-wp-total'), byId.headers.get('x-wp-totalpages')]).toEqual(['4', '2']);
    const offset = await api(server, 'GET', '/taxes?offset=3', { token: tokens.cashier });
    expect(offset.body.map((rate: any) => rate.id)).toEqual([ids.quebec]);
    const bad = await api(server, 'GET', '/taxes?orderby=name', { token: tokens.cashier });
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
  });
});

describe('GET /taxes/classes', () => {
  it('lists standard first, then the configured classes, unpaginated', async () => {
    const response = await api(server, 'GET', '/taxes/classes', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.body.map((taxClass: any) => [taxClass.slug, taxClass.name])).toEqual([
      ['standard', 'Standard rate'],
      ['reduced-rate', 'Reduced rate'],
      ['zero-rate', 'Zero rate'],
    ]);
  });
});
