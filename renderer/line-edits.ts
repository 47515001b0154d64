/**
 * What the cashier types into a cart line's editor, read before anything goes to the server: a
 * quantity (whole, or up to three decimals where the shop sells by weight) and a discount in
 * percent or as an amount off. Amounts are worked out in decimal.js, never in binary floating point.
 */
import { Decimal } from 'decimal.js';

/** The server keeps quantities to three decimal places (server/domain/orders/quantities.ts). */
const QUANTITY_PLACES = 3;

export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

/** A typed quantity: `1.5` or `1,5` where decimal quantities are on, whole numbers otherwise. */
export function readQuantity(typed: string, decimalsAllowed: boolean): Reading<number> {
  const text = typed.trim().replace(',', '.');
  const example = decimalsAllowed ? 'such as 2 or 1.5' : 'such as 2';
  if (text === '') return { ok: false, message: `Enter a quantity, ${example}.` };
  if (text.startsWith('-')) return { ok: false, message: 'The quantity cannot be below zero. To take the item off the sale, use Remove.' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, message: `"${typed.trim()}" is not a quantity: enter a number ${example}.` };
  const quantity = new Decimal(text);
  if (!quantity.isInteger() && !decimalsAllowed) {
    return { ok: false, message: 'Quantities are whole numbers in this shop: enter 1, 2, 3… (a manager can allow decimal quantities).' };
  }
  if (quantity.decimalPlaces() > QUANTITY_PLACES) return { ok: false, message: `A quantity has at most ${QUANTITY_PLACES} decimal places.` };
  if (quantity.gt(1_000_000)) return { ok: false, message: 'A quantity is at most 1000000.' };
  return { ok: true, value: quantity.toNumber() };
}

/** The line's quantity one up or one down (never below zero), without binary rounding errors. */
export function stepQuantity(quantity: number, step: 1 | -1): number {
  return Decimal.max(0, new Decimal(quantity).plus(step)).toNumber();
}

export type DiscountKind = 'percent' | 'amount';

/**
 * The line total after a discount off its subtotal (the price before any discount): `10` percent,
 * or `0.45` off. The subtotal itself is kept, so the discount shows on the receipt and in X and Z.
 */
export function discountedTotal(subtotal: string, typed: string, kind: DiscountKind, decimals: number): Reading<string> {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) {
    return { ok: false, message: kind === 'percent' ? 'Enter the discount as a percentage, such as 10.' : 'Enter the amount off, such as 0.50.' };
  }
  const base = new Decimal(subtotal);
  const value = new Decimal(text);
  if (kind === 'percent') {
    if (value.gt(100)) return { ok: false, message: 'A discount is at most 100%.' };
    const off = base.times(value).dividedBy(100).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
    return { ok: true, value: base.minus(off).toFixed(decimals) };
  }
  if (value.decimalPlaces() > decimals) return { ok: false, message: `The amount off has at most ${decimals} decimal places.` };
  if (value.gt(base)) return { ok: false, message: `The amount off cannot be more than the line's ${base.toFixed(decimals)}.` };
  return { ok: true, value: base.minus(value).toFixed(decimals) };
}
