import type { TaxClassesRepository } from '../../data/repositories/tax-classes.js';
import type { TaxRatesRepository } from '../../data/repositories/tax-rates.js';
import type { Store } from '../../model/stores.js';
import type { AppliedRate } from './calc.js';
import { matchRates, toAppliedRate, type TaxLocation } from './matching.js';
import { productClassOf, rateClassOf } from '../../model/taxes/rates.js';

/** Shipping methods that mean the customer collects at the store, taxed at the store (§6.3). */
export const LOCAL_PICKUP_METHODS: ReadonlySet<string> = new Set(['local_pickup', 'legacy_local_pickup']);

/** The store's base address for tax: its tax address when one is set, else its own address. */
export function baseLocationOf(store: Store): TaxLocation {
  if (store.tax_address.country !== '') return { ...store.tax_address };
  return { country: store.store_country, state: store.store_state, postcode: store.store_postcode, city: store.store_city };
}

interface AddressLike {
  country: string;
  state: string;
  postcode: string;
  city: string;
}

/**
 * WC_Abstract_Order::get_tax_location: the shipping or billing address as the store's `tax_based_on`
 * says (billing when there is no shipping country), the store base for `base`, for an address
 * without a country, and for a local-pickup order. A counter sale without an address is taxed at the store.
 */
export function orderTaxLocation(store: Store, billing: AddressLike, shipping: AddressLike, shippingMethodIds: readonly string[]): TaxLocation {
  let basedOn = store.tax_based_on;
  if (basedOn === 'shipping' && shipping.country === '') basedOn = 'billing';
  if (shippingMethodIds.some((id) => LOCAL_PICKUP_METHODS.has(id))) basedOn = 'base';
  const address = basedOn === 'billing' ? billing : shipping;
  if (basedOn === 'base' || address.country === '') return baseLocationOf(store);
  return { country: address.country, state: address.state, postcode: address.postcode, city: address.city };
}

/** What TaxRateFinder is built from (server/composition.ts builds each once). */
export interface TaxRateFinderParts {
  rates: TaxRatesRepository;
  classes: TaxClassesRepository;
}

/** Matched rates by tax class, read from the rate table. */
export class TaxRateFinder {
  private readonly rates: TaxRatesRepository;
  private readonly classes: TaxClassesRepository;

  constructor(parts: TaxRateFinderParts) {
    this.rates = parts.rates;
    this.classes = parts.classes;
  }

  /** Tax classes as products write them (`''` = standard), in configured order. */
  taxClasses(): string[] {
    return this.classes.all().map((taxClass) => productClassOf(taxClass.slug));
  }

  /** WC_Tax::find_rates at a location for one class (`''` = standard). */
  find(location: TaxLocation, taxClass: string): AppliedRate[] {
    return matchRates(this.rates.candidates(location.country, location.state, rateClassOf(taxClass)), location).map(toAppliedRate);
  }

  /** The rates of every configured class (and any other class named) at a location. */
  byClass(location: TaxLocation, extraClasses: readonly string[] = []): Map<string, AppliedRate[]> {
    const classes = [...new Set([...this.taxClasses(), ...extraClasses])];
    return new Map(classes.map((taxClass) => [taxClass, this.find(location, taxClass)]));
  }
}
