import { describe, expect, it } from 'vitest';
import { calcTax, internalPrecision } from '../../server/domain/taxes/calc.js';
import { orderTaxLocation } from '../../server/domain/taxes/location.js';
import { matchRates, normalisePostcode, postcodeMatches, wildcardPostcodes } from '../../server/domain/taxes/matching.js';
import { shapeTaxClass, shapeTaxRate } from '../../server/domain/taxes/shape.js';
import { storeFieldsSchema, type Store } from '../../server/model/stores.js';
import { at, ids, taxRate } from '../helpers/tax-rates.js';

/**
 * Where a sale is taxed and which rates apply there, at the edges the totals tests do not reach:
 * postcode ranges of unequal lengths and with letters, the store's tax address, local pickup, the
 * order rates are tried in whichever order they arrive, and two compound rates inside a price.
 * Written from the survivors of `npm run mutate -- --mutate 'server/domain/taxes/**'`.
 */

describe('postcodes', () => {
  it('are compared trimmed, in upper case, without spaces or dashes', () => {
    expect(normalisePostcode(' sw1a-1aa ')).toBe('SW1A1AA');
    expect(wildcardPostcodes(' sw1a 1aa ').has('SW1A 1AA')).toBe(true);
    expect([...wildcardPostcodes('')]).toEqual(['*']);
    expect(postcodeMatches('*', '   ')).toBe(false);
  });

  it('collapse only trailing stars of an entry', () => {
    expect(postcodeMatches('SW1**', 'SW1A 1AA')).toBe(true);
    expect(postcodeMatches('S**1*', 'S*1')).toBe(false);
  });

  it('in a numeric range compare as numbers, ends included, whatever their lengths', () => {
    expect(postcodeMatches('2000...2999', '2000')).toBe(true);
    expect(postcodeMatches('2000...2999', '2999')).toBe(true);
    expect(postcodeMatches('2000...2999', '3000')).toBe(false);
    expect(postcodeMatches('3...100', '25')).toBe(true);
    expect(postcodeMatches('90...1000', '250')).toBe(true);
    expect(postcodeMatches('1...5...9', '3')).toBe(false);
  });

  it('with letters in a range compare through their numeric form, each character two digits', () => {
    expect(postcodeMatches('AA...AM', 'AZ')).toBe(false);
    expect(postcodeMatches('A1...A5', 'A7')).toBe(false);
    expect(postcodeMatches('A1...A5', 'A3')).toBe(true);
    // Shorter bounds are padded with zeros to the postcode's length.
    expect(postcodeMatches('A...B', 'AZ')).toBe(true);
    expect(postcodeMatches('B...C', 'AZ')).toBe(false);
    // A character that is neither a digit nor a letter A-Z counts as 00.
    expect(postcodeMatches('A...Z', 'Ä')).toBe(false);
    expect(postcodeMatches('A...B', '@')).toBe(false);
    expect(postcodeMatches('@...A', '/')).toBe(true);
    expect(postcodeMatches('A...B', 'ÄA')).toBe(false);
    // A digit is two digits too: 1A is 0101.
    expect(postcodeMatches('A...B', '1A')).toBe(true);
    // Letters before or after the digits, in the postcode or in either bound.
    expect(postcodeMatches('9...100', 'A25')).toBe(false);
    expect(postcodeMatches('9...100', '25A')).toBe(false);
    expect(postcodeMatches('A1...900', '5')).toBe(false);
    expect(postcodeMatches('1A...900', '5')).toBe(false);
    expect(postcodeMatches('1...A900', '5')).toBe(true);
    expect(postcodeMatches('1...900A', '5')).toBe(true);
    // A postcode of only dashes is no postcode at all.
    expect(postcodeMatches('0...5', '-')).toBe(false);
  });
});

describe('rates at a location', () => {
  it('take the rate of the country, the state and the more cities first, in whichever order they come', () => {
    const anyCountry = taxRate({ id: 1, rate: '3.0000' });
    const france = taxRate({ id: 2, country: 'FR', rate: '20.0000' });
    expect(ids(matchRates([anyCountry, france], at('FR')))).toEqual([2]);
    expect(ids(matchRates([france, anyCountry], at('FR')))).toEqual([2]);
    const anyState = taxRate({ id: 3, country: 'US' });
    const california = taxRate({ id: 4, country: 'US', state: 'CA' });
    expect(ids(matchRates([anyState, california], at('US', 'CA')))).toEqual([4]);
    expect(ids(matchRates([california, anyState], at('US', 'CA')))).toEqual([4]);
    const anyCity = taxRate({ id: 5, country: 'US' });
    const denver = taxRate({ id: 6, country: 'US', cities: ['DENVER'] });
    expect(ids(matchRates([anyCity, denver], at('US', 'CO', '', ' denver ')))).toEqual([6]);
    expect(ids(matchRates([denver, anyCity], at('US', 'CO', '', 'Denver')))).toEqual([6]);
  });

  it('inside a price, take two compound rates off from the last applied', () => {
    const first = { id: 1, rate: '10.0000', label: 'A', compound: true, shipping: true, code: 'A' };
    const second = { id: 2, rate: '10.0000', label: 'B', compound: true, shipping: true, code: 'B' };
    const taxes = calcTax('121.00', [first, second], true, 2);
    expect([taxes.get(1)?.toFixed(2), taxes.get(2)?.toFixed(2)]).toEqual(['10.00', '11.00']);
    expect([internalPrecision(2), internalPrecision(4), internalPrecision(5)]).toEqual([6, 6, 7]);
  });
});

describe('the tax location of an order', () => {
  const store = (fields: Record<string, unknown>): Store =>
    ({ ...storeFieldsSchema.parse({ store_country: 'GB', store_state: '', store_postcode: 'SW1A 1AA', store_city: 'London', ...fields }), id: 1 }) as Store;
  const billing = at('FR', '', '75001', 'Paris');
  const shipping = at('DE', '', '10115', 'Berlin');
  const none = at('');

  it('follows the store: shipping, billing, or its base (its tax address when it has one)', () => {
    expect(orderTaxLocation(store({ tax_based_on: 'shipping' }), billing, shipping, [])).toEqual(shipping);
    expect(orderTaxLocation(store({ tax_based_on: 'shipping' }), billing, none, [])).toEqual(billing);
    expect(orderTaxLocation(store({ tax_based_on: 'billing' }), billing, shipping, [])).toEqual(billing);
    expect(orderTaxLocation(store({ tax_based_on: 'billing' }), none, shipping, [])).toEqual(at('GB', '', 'SW1A 1AA', 'London'));
    expect(orderTaxLocation(store({ tax_based_on: 'base' }), billing, shipping, [])).toEqual(at('GB', '', 'SW1A 1AA', 'London'));
    expect(orderTaxLocation(store({ tax_based_on: 'base' }), billing, none, [])).toEqual(at('GB', '', 'SW1A 1AA', 'London'));
    const taxAddress = at('IE', '', 'D02', 'Dublin');
    expect(orderTaxLocation(store({ tax_based_on: 'base', tax_address: taxAddress }), billing, shipping, [])).toEqual(taxAddress);
  });

  it('is the store for goods collected there, by either pickup method', () => {
    for (const method of ['local_pickup', 'legacy_local_pickup']) {
      expect(orderTaxLocation(store({ tax_based_on: 'shipping' }), billing, shipping, ['flat_rate', method])).toEqual(at('GB', '', 'SW1A 1AA', 'London'));
    }
    expect(orderTaxLocation(store({ tax_based_on: 'shipping' }), billing, shipping, ['flat_rate'])).toEqual(shipping);
  });
});

describe('the shapes of GET /taxes', () => {
  it('give the last postcode and city as the single values, and each link', () => {
    const shaped = shapeTaxRate(taxRate({ id: 7, postcodes: ['1', '2', '3'], cities: ['A', 'B', 'C'] }), 'http://till/pos/v1');
    expect([shaped.postcode, shaped.city]).toEqual(['3', 'C']);
    expect(shaped._links).toEqual({ self: [{ href: 'http://till/pos/v1/taxes/7' }], collection: [{ href: 'http://till/pos/v1/taxes' }] });
    expect(shapeTaxClass({ slug: 'reduced-rate', name: 'Reduced rate' }, 'http://till/pos/v1')).toEqual({
      slug: 'reduced-rate',
      name: 'Reduced rate',
      _links: { collection: [{ href: 'http://till/pos/v1/taxes/classes' }] },
    });
  });
});
