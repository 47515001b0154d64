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

/**
 * A money amount in a request: a decimal string, or a JSON number that is read through its
 * decimal text (so 0.1 stays 0.1). Empty string stays empty where the field allows "unset".
 */
export const moneyInput = z
  .union([z.string().trim(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .refine((value) => value === '' || isDecimalString(value), 'must be a decimal amount such as "10.00"');

export const nonNegativeMoneyInput = moneyInput.refine((value) => value === '' || !value.startsWith('-'), 'must not be negative');
