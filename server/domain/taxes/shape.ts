import type { TaxClass } from '../../data/repositories/tax-classes.js';
import type { TaxRate } from '../../model/taxes/rates.js';

/** A tax rate as `GET /taxes` shows it (woocommerce-reference §2.10). */
export function shapeTaxRate(rate: TaxRate, apiBase: string) {
  return {
    id: rate.id,
    country: rate.country,
    state: rate.state,
    // The deprecated single values carry the last entry, as WooCommerce's loop over locations leaves them.
    postcode: rate.postcodes.at(-1) ?? '',
    city: rate.cities.at(-1) ?? '',
    postcodes: rate.postcodes,
    cities: rate.cities,
    rate: rate.rate,
    name: rate.name,
    priority: rate.priority,
    compound: rate.compound,
    shipping: rate.shipping,
    order: rate.order,
    class: rate.taxClass,
    _links: { self: [{ href: `${apiBase}/taxes/${rate.id}` }], collection: [{ href: `${apiBase}/taxes` }] },
  };
}

/** A tax class as `GET /taxes/classes` shows it (§2.11). */
export function shapeTaxClass(taxClass: TaxClass, apiBase: string) {
  return { slug: taxClass.slug, name: taxClass.name, _links: { collection: [{ href: `${apiBase}/taxes/classes` }] } };
}
