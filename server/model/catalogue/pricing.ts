import { money } from '../money.js';

/** The price fields of a product or variation as stored: decimal strings, `''` when unset. */
export interface PriceFields {
  regular_price: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
}

/**
 * WooCommerce's `is_on_sale`: a sale price below the regular price, and `now` inside the sale
 * window when one is set (the window's ends are inclusive). Dates are GMT strings, which sort
 * as they compare.
 */
export function isOnSale(fields: PriceFields, nowGmt: string): boolean {
  if (fields.sale_price === '' || fields.regular_price === '') return false;
  if (!money(fields.sale_price).lessThan(money(fields.regular_price))) return false;
  if (fields.date_on_sale_from_gmt !== null && fields.date_on_sale_from_gmt > nowGmt) return false;
  if (fields.date_on_sale_to_gmt !== null && fields.date_on_sale_to_gmt < nowGmt) return false;
  return true;
}

/** The price a customer pays now: the sale price while on sale, else the regular price (`''` when unset). */
export function activePrice(fields: PriceFields, nowGmt: string): string {
  return isOnSale(fields, nowGmt) ? fields.sale_price : fields.regular_price;
}

/** The lowest of some prices (a variable product's price); `''` when none is set. */
export function lowestPrice(prices: readonly string[]): string {
  return prices.filter((price) => price !== '').reduce<string>((lowest, price) => (lowest === '' || money(price).lessThan(money(lowest)) ? price : lowest), '');
}

/** The highest of some prices; `''` when none is set. */
export function highestPrice(prices: readonly string[]): string {
  return prices
    .filter((price) => price !== '')
    .reduce<string>((highest, price) => (highest === '' || money(price).greaterThan(money(highest)) ? price : highest), '');
}
