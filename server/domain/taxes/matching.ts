import { rateCodeOf, type TaxRate } from '../../model/taxes/rates.js';
import type { AppliedRate } from './calc.js';

/** Where a sale is taxed (woocommerce-reference §6.3). */
export interface TaxLocation {
  country: string;
  state: string;
  postcode: string;
  city: string;
}

/** `wc_normalize_postcode`: upper case, without spaces (leading and trailing ones too) or dashes. */
export function normalisePostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/[\s-]/g, '');
}

/** `wc_get_wildcard_postcodes`: the postcode itself and every `prefix*` it matches. */
export function wildcardPostcodes(postcode: string): Set<string> {
  const normalised = normalisePostcode(postcode);
  const codes = new Set([postcode.trim().toUpperCase(), normalised, `${normalised}*`]);
  // Stryker disable next-line ArithmeticOperator: one longer adds `${normalised}*`, which the set holds already.
  for (let length = normalised.length - 1; length >= 0; length--) codes.add(`${normalised.slice(0, length)}*`);
  codes.delete('');
  return codes;
}

/** `wc_make_numeric_postcode`: letters become their alphabet position, every character two digits. */
function numericPostcode(postcode: string): string {
  return postcode
    .split('')
    .map((char) => {
      if (/\d/.test(char)) return char.padStart(2, '0');
      const letter = char.charCodeAt(0) - 64;
      return letter >= 1 && letter <= 26 ? String(letter).padStart(2, '0') : '00';
    })
    .join('');
}

/** A `min...max` entry of a rate's postcodes: numeric postcodes compare as numbers, others through their numeric form. */
function inRange(postcode: string, range: string): boolean {
  const bounds = range.split('...').map((part) => normalisePostcode(part));
  // A postcode of only spaces and dashes is none, and no range holds it.
  if (bounds.length !== 2 || postcode === '') return false;
  let [min, max] = bounds as [string, string];
  let value = postcode;
  if (!/^\d+$/.test(min) || !/^\d+$/.test(max) || !/^\d+$/.test(value)) {
    // Padded to the postcode's length, an empty bound is zeros, never empty.
    value = numericPostcode(value);
    min = numericPostcode(min).padEnd(value.length, '0');
    max = numericPostcode(max).padEnd(value.length, '0');
  }
  const number = BigInt(value);
  return number >= BigInt(min) && number <= BigInt(max);
}

export function postcodeMatches(entry: string, postcode: string): boolean {
  if (postcode.trim() === '') return false;
  if (entry.includes('...')) return inRange(normalisePostcode(postcode), entry);
  return wildcardPostcodes(postcode).has(normalisePostcode(entry).replace(/\*+$/, '*'));
}

function locationMatches(rate: TaxRate, location: TaxLocation): boolean {
  const city = location.city.trim().toUpperCase();
  const cityListed = rate.cities.includes(city);
  if (rate.postcodes.length > 0) {
    const postcodeListed = rate.postcodes.some((entry) => postcodeMatches(entry, location.postcode));
    return postcodeListed && (rate.cities.length === 0 || cityListed);
  }
  return rate.cities.length === 0 || cityListed;
}

/** WC_Tax::sort_rates: priority, then the more specific rate first, then id. */
function compareRates(a: TaxRate, b: TaxRate): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  // The candidates are the location's country and state, or any: of two that differ, one is for any, and it comes last.
  if (a.country !== b.country) return a.country === '' ? 1 : -1;
  if (a.state !== b.state) return a.state === '' ? 1 : -1;
  if (a.postcodes.length !== b.postcodes.length) return b.postcodes.length - a.postcodes.length;
  if (a.cities.length !== b.cities.length) return b.cities.length - a.cities.length;
  return a.id - b.id;
}

/**
 * `WC_Tax::find_rates` (§6.3) over the candidates of a class: those whose country and state are the
 * location's or any. Keeps the first matching rate of each priority, in priority order.
 */
export function matchRates(candidates: readonly TaxRate[], location: TaxLocation): TaxRate[] {
  const country = location.country.toUpperCase();
  const state = location.state.toUpperCase();
  const matching = candidates
    .filter((rate) => (rate.country === '' || rate.country === country) && (rate.state === '' || rate.state === state))
    .filter((rate) => locationMatches(rate, location))
    .sort(compareRates);
  const seenPriorities = new Set<number>();
  return matching.filter((rate) => {
    if (seenPriorities.has(rate.priority)) return false;
    seenPriorities.add(rate.priority);
    return true;
  });
}

export function toAppliedRate(rate: TaxRate): AppliedRate {
  return { id: rate.id, rate: rate.rate, label: rate.name, compound: rate.compound, shipping: rate.shipping, code: rateCodeOf(rate) };
}
