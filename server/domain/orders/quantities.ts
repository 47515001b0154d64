import { invalidParams } from '../errors.js';
import { Decimal } from '../../model/money.js';
import type { DecimalInput } from '../taxes/calc.js';

/**
 * Line quantities. A quantity is a JSON number in the request and in the stored line (decimal
 * text either way), with at most three decimal places (grams of a kilogram). Every sum, product or
 * ratio of quantities goes through Decimal, never binary floating point.
 */
export const QUANTITY_DECIMALS = 3;

/** Whole units, unless `decimal_qty` is on; the schema has already kept it to three places. */
export function checkLineQuantity(quantity: number, param: string, decimalQty: boolean): void {
  if (!decimalQty && !Number.isInteger(quantity)) {
    throw invalidParams({ [param]: 'must be a whole number: decimal quantities are off (settings/general decimal_qty).' });
  }
}

/** An amount for `from` units, for `to` units: the same unit price. */
export function scaleToQuantity(amount: DecimalInput, from: number, to: number): Decimal {
  return new Decimal(amount).div(new Decimal(from)).times(new Decimal(to));
}

/** Σ quantities, exactly. */
export function sumQuantities(quantities: Iterable<number>): Decimal {
  let total = new Decimal(0);
  for (const quantity of quantities) total = total.plus(new Decimal(quantity));
  return total;
}
