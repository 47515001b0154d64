import { describe, expect, it } from 'vitest';
import { matchRates, postcodeMatches, wildcardPostcodes } from '../../server/domain/taxes/matching.js';
import { rateCodeOf } from '../../server/model/taxes/rates.js';
import { at, ids, taxRate } from '../helpers/tax-rates.js';

/** WC_Tax::find_rates (woocommerce-reference §6.3) over candidate rates. */

describe('rate matching', () => {
  it('example E: US/CA/90210 takes the CA rate over the any-state rate, plus the 90* rate of priority 2 (7 %)', () => {
    const r1 = taxRate({ id: 101, country: 'US', state: 'CA', rate: '6.0000' });
    const r2 = taxRate({ id: 102, country: 'US', rate: '4.0000' });
    const r3 = taxRate({ id: 103, country: 'US', state: 'CA', postcodes: ['90*'], rate: '1.0000', priority: 2 });
    const matched = matchRates([r2, r3, r1], at('US', 'CA', '90210'));
    expect(ids(matched)).toEqual([101, 103]);
    expect(matched.reduce((total, rate) => total + Number(rate.rate), 0)).toBe(7);
    // Elsewhere in the US only the any-state rate applies; outside 90* the priority-2 rate drops out.
    expect(ids(matchRates([r1, r2, r3], at('US', 'NY', '10001')))).toEqual([102]);
    expect(ids(matchRates([r1, r2, r3], at('US', 'CA', '94105')))).toEqual([101]);
  });

  it('a specific country beats a rate for any country of the same priority', () => {
    const anyCountry = taxRate({ id: 201, rate: '3.0000' });
    const france = taxRate({ id: 202, country: 'FR', rate: '20.0000' });
    expect(ids(matchRates([anyCountry, france], at('FR')))).toEqual([202]);
    expect(ids(matchRates([anyCountry, france], at('DE')))).toEqual([201]);
  });

  it('wildcard, exact and range postcodes', () => {
    const wildcard = taxRate({ id: 301, country: 'GB', postcodes: ['SW1*'] });
    const exact = taxRate({ id: 302, country: 'GB', postcodes: ['EC1A 1BB'] });
    const range = taxRate({ id: 303, country: 'AU', postcodes: ['2000...2999'] });
    expect(ids(matchRates([wildcard], at('GB', '', 'sw1a 1aa')))).toEqual([301]);
    expect(ids(matchRates([wildcard], at('GB', '', 'SE1 7PB')))).toEqual([]);
    expect(ids(matchRates([exact], at('GB', '', 'ec1a1bb')))).toEqual([302]);
    expect(ids(matchRates([range], at('AU', '', '2150')))).toEqual([303]);
    expect(ids(matchRates([range], at('AU', '', '3000')))).toEqual([]);
    expect(ids(matchRates([range], at('AU', '', '')))).toEqual([]);
  });

  it('postcode helpers: every prefix wildcard, and alphanumeric ranges through their numeric form', () => {
    expect([...wildcardPostcodes('902 10')].sort()).toEqual(['*', '9*', '90*', '902 10', '90210', '90210*', '902*', '9021*'].sort());
    expect(postcodeMatches('90210', '90210')).toBe(true);
    expect(postcodeMatches('9021*', '90210')).toBe(true);
    expect(postcodeMatches('90211', '90210')).toBe(false);
    expect(postcodeMatches('AA...AZ', 'AM')).toBe(true);
    expect(postcodeMatches('AA...AZ', 'BA')).toBe(false);
  });

  it('cities: a rate with cities needs the city, and with postcodes too needs both', () => {
    const city = taxRate({ id: 401, country: 'US', cities: ['DENVER'] });
    const both = taxRate({ id: 402, country: 'US', postcodes: ['80*'], cities: ['BOULDER'], priority: 2 });
    expect(ids(matchRates([city, both], at('US', 'CO', '80202', 'Denver')))).toEqual([401]);
    expect(ids(matchRates([city, both], at('US', 'CO', '80302', 'boulder')))).toEqual([402]);
    expect(ids(matchRates([city, both], at('US', 'CO', '90210', 'Boulder')))).toEqual([]);
  });

  it('one rate per priority: the more specific (more postcodes, then lower id) wins', () => {
    const broad = taxRate({ id: 501, country: 'US', state: 'CA', rate: '7.0000' });
    const narrow = taxRate({ id: 502, country: 'US', state: 'CA', postcodes: ['90210', '90211'], rate: '9.0000' });
    const second = taxRate({ id: 503, country: 'US', state: 'CA', rate: '8.0000' });
    expect(ids(matchRates([broad, second, narrow], at('US', 'CA', '90210')))).toEqual([502]);
    expect(ids(matchRates([second, broad], at('US', 'CA', '90000')))).toEqual([501]);
    const compound = taxRate({ id: 504, country: 'CA', state: 'QC', rate: '9.9750', priority: 2, compound: true });
    const federal = taxRate({ id: 505, country: 'CA', rate: '5.0000', priority: 1 });
    expect(ids(matchRates([compound, federal], at('CA', 'QC')))).toEqual([505, 504]);
  });

  it('rate codes as WooCommerce writes them', () => {
    expect(rateCodeOf({ country: 'US', state: 'CA', name: 'State Tax', priority: 1 })).toBe('US-CA-STATE TAX-1');
    expect(rateCodeOf({ country: '', state: '', name: '', priority: 2 })).toBe('TAX-2');
  });
});
