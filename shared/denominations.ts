/**
 * The notes and coins of a currency, for counting the drawer at close: the till asks how many of
 * each there are and sends their sum as the counted cash. Values are decimal strings in the
 * currency's main unit, largest first. A currency not listed here is counted as one plain amount.
 */
import { Decimal } from 'decimal.js';

export interface Denomination {
  /** The face value in the currency's main unit, e.g. "0.05". */
  value: string;
  kind: 'note' | 'coin';
}

const notes = (...values: string[]): Denomination[] => values.map((value) => ({ value, kind: 'note' }));
const coins = (...values: string[]): Denomination[] => values.map((value) => ({ value, kind: 'coin' }));

export const DENOMINATIONS: Readonly<Record<string, readonly Denomination[]>> = {
  GBP: [...notes('50', '20', '10', '5'), ...coins('2', '1', '0.50', '0.20', '0.10', '0.05', '0.02', '0.01')],
  EUR: [...notes('500', '200', '100', '50', '20', '10', '5'), ...coins('2', '1', '0.50', '0.20', '0.10', '0.05', '0.02', '0.01')],
  USD: [...notes('100', '50', '20', '10', '5', '2', '1'), ...coins('1', '0.50', '0.25', '0.10', '0.05', '0.01')],
};

/** The currency's notes and coins, or null when the drawer is counted as one amount. */
export function denominationsOf(currency: string): readonly Denomination[] | null {
  return DENOMINATIONS[currency.toUpperCase()] ?? null;
}

/**
 * The sum of a count: value × how many, per denomination, in decimal arithmetic. A count that is
 * not a whole number of pieces (blank counts as none) makes the sum null: nothing to send.
 */
export function countedTotal(denominations: readonly Denomination[], counts: readonly string[], decimals: number): string | null {
  let total = new Decimal(0);
  for (const [index, denomination] of denominations.entries()) {
    const typed = (counts[index] ?? '').trim();
    if (typed === '') continue;
    if (!/^\d{1,6}$/.test(typed)) return null;
    total = total.plus(new Decimal(denomination.value).times(typed));
  }
  return total.toFixed(decimals);
}
