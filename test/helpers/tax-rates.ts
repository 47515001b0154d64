/** Tax rates for the matching tests: a standard-class rate of 10 % for anywhere, changed by `extra`. */
import type { TaxRate } from '../../server/model/taxes/rates.js';

let nextId = 1;

/** A rate with the id given, or the next of the file's own. */
export function taxRate(extra: Partial<TaxRate>): TaxRate {
  const id = extra.id ?? nextId++;
  return {
    id,
    country: '',
    state: '',
    postcodes: [],
    cities: [],
    rate: '10.0000',
    name: 'Tax',
    priority: 1,
    compound: false,
    shipping: true,
    order: id,
    taxClass: 'standard',
    ...extra,
  };
}

/** A location to tax at. */
export const at = (country: string, state = '', postcode = '', city = '') => ({ country, state, postcode, city });

/** The ids of matched rates, in their order. */
export const ids = (rates: readonly TaxRate[]): number[] => rates.map((rate) => rate.id);
