import { Decimal as DecimalJs } from 'decimal.js';
import { z } from 'zod';

/** Exact decimal arithmetic for money: never binary floating point (CONTRACT 7). */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

export const HALF_UP = DecimalJs.ROUND_HALF_UP;
export const HALF_DOWN = DecimalJs.ROUND_HALF_DOWN;

const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,10})?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** A money amount as WooCommerce writes it: a decimal string at `dp` places (`"10.00"`). */
export function formatMoney(value: DecimalJs.Value, dp: number, rounding: DecimalJs.Rounding = HALF_UP): string {
  return new Decimal(value).toFixed(dp, rounding);
}

export function money(value: DecimalJs.Value): Decimal {
  return new Decimal(value);
}

/** Past this many locale and currency pairs the symbols are looked up afresh (they come from store settings: a handful). */
const CURRENCY_SYMBOLS_SIZE = 256;
const currencySymbols = new Map<string, string>();

/**
 * The currency's symbol in the locale (`$`, `€`, `£`...), or its code when Intl has none. Kept per
 * pair: an `Intl.NumberFormat` costs far more to build than every order response's other fields.
 */
export function currencySymbol(currency: string, locale: string): string {
  const key = `${currency} ${locale}`;
  let symbol = currencySymbols.get(key);
  if (symbol === undefined) {
    try {
      const parts = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    if (currencySymbols.size >= CURRENCY_SYMBOLS_SIZE) currencySymbols.clear();
    currencySymbols.set(key, symbol);
  }
  return symbol;
}

/**
 * A money amount in a request: a decimal string, or a JSON number that is read through its
 * decimal text (so 0.1 stays 0.1). Empty string stays empty where the field allows "unset".
 */
export const moneyInput = z
  .union([z.string().trim(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .refine((value) => value === '' || isDecimalString(value), 'must be a decimal amount such as "10.00"');

export const nonNegativeMoneyInput = moneyInput.refine((value) => value === '' || !value.startsWith('-'), 'must not be negative');
