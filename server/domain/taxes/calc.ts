import { Decimal, HALF_DOWN, HALF_UP } from '../../model/money.js';

export type DecimalInput = Decimal | string | number;
type Rounding = typeof HALF_UP | typeof HALF_DOWN;

/** A matched rate as the totals engine uses it: what WC_Tax::find_rates returns for one rate. */
export interface AppliedRate {
  id: number;
  /** Percentage, e.g. `"20.0000"`. */
  rate: string;
  label: string;
  compound: boolean;
  shipping: boolean;
  code: string;
}

/** Per-rate tax amounts, in the rates' priority order. */
export type RateTaxes = Map<number, Decimal>;

/** WooCommerce's internal precision (wc_get_rounding_precision): two places beyond the price decimals, at least 6. */
export function internalPrecision(dp: number): number {
  return Math.max(dp + 2, 6);
}

/**
 * `WC_Tax::calc_tax(price, rates, inclusive)` (woocommerce-reference §6.4): per-rate tax of a price,
 * each rounded half-up to the internal precision only.
 */
export function calcTax(price: DecimalInput, rates: readonly AppliedRate[], inclusive: boolean, dp: number): RateTaxes {
  const amount = new Decimal(price);
  const raw = inclusive ? inclusiveTaxes(amount, rates) : exclusiveTaxes(amount, rates);
  const precision = internalPrecision(dp);
  return new Map([...raw].map(([id, tax]) => [id, tax.toDecimalPlaces(precision, HALF_UP)]));
}

function percent(rate: AppliedRate): Decimal {
  return new Decimal(rate.rate).div(100);
}

function exclusiveTaxes(price: Decimal, rates: readonly AppliedRate[]): RateTaxes {
  const taxes: RateTaxes = new Map();
  for (const rate of rates) {
    if (!rate.compound) taxes.set(rate.id, (taxes.get(rate.id) ?? new Decimal(0)).plus(price.times(percent(rate))));
  }
  // Compound rates apply, in priority order, to the price plus every tax before them.
  for (const rate of rates) {
    if (!rate.compound) continue;
    const taxedSoFar = sum(taxes.values());
    taxes.set(rate.id, (taxes.get(rate.id) ?? new Decimal(0)).plus(price.plus(taxedSoFar).times(percent(rate))));
  }
  return taxes;
}

function inclusiveTaxes(price: Decimal, rates: readonly AppliedRate[]): RateTaxes {
  const taxes: RateTaxes = new Map(rates.map((rate) => [rate.id, new Decimal(0)]));
  // Compound rates come off first, working backwards from the last one applied.
  let net = price;
  for (const rate of [...rates].reverse()) {
    if (!rate.compound) continue;
    const tax = net.minus(net.div(percent(rate).plus(1)));
    taxes.set(rate.id, (taxes.get(rate.id) ?? new Decimal(0)).plus(tax));
    net = net.minus(tax);
  }
  const regular = rates.filter((rate) => !rate.compound);
  const regularFactor = sum(regular.map(percent)).plus(1);
  for (const rate of regular) {
    taxes.set(rate.id, (taxes.get(rate.id) ?? new Decimal(0)).plus(percent(rate).div(regularFactor).times(net)));
  }
  return taxes;
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return total;
}

export function roundTo(value: DecimalInput, dp: number, mode: Rounding = HALF_UP): Decimal {
  return new Decimal(value).toDecimalPlaces(dp, mode);
}

/** `wc_round_tax_total`: to the price decimals, half-down when prices include tax, else half-up (§6.2). */
export function roundTax(value: DecimalInput, dp: number, pricesIncludeTax: boolean): Decimal {
  return roundTo(value, dp, pricesIncludeTax ? HALF_DOWN : HALF_UP);
}
