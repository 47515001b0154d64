/**
 * A discount on the whole sale, read from what the cashier typed (percent or an amount off) and
 * spread over the cart's lines, worked out in decimal.js, never in binary floating point. Each line
 * keeps its subtotal (the price before discounts) and gets a lower total, so the discount shows on
 * the receipt and in X and Z; the server then works out the taxes and the order's totals.
 */
import { Decimal } from 'decimal.js';
import type { DiscountKind, Reading } from './line-edits.js';

export interface LineAmounts {
  id: number;
  subtotal: string;
}

/** What one line is sent: its subtotal as it was, and its total after its share of the discount. */
export interface DiscountedLine {
  id: number;
  subtotal: string;
  total: string;
}

/** The amount off `base`: a percentage of it (rounded half up to the store's decimals) or an amount typed. */
function amountOff(base: Decimal, typed: string, kind: DiscountKind, decimals: number): Reading<Decimal> {
  const text = typed.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) {
    return { ok: false, message: kind === 'percent' ? 'Enter the discount as a percentage, such as 10.' : 'Enter the amount off, such as 2.00.' };
  }
  const value = new Decimal(text);
  if (kind === 'percent') {
    if (value.gt(100)) return { ok: false, message: 'A discount is at most 100%.' };
    return { ok: true, value: base.times(value).dividedBy(100).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP) };
  }
  if (value.decimalPlaces() > decimals) return { ok: false, message: `The amount off has at most ${decimals} decimal places.` };
  if (value.gt(base)) return { ok: false, message: `The amount off cannot be more than the sale's ${base.toFixed(decimals)}.` };
  return { ok: true, value };
}

/**
 * The lines after a discount on the whole sale, off their subtotals (a line discount given before
 * is replaced). Each line's share is in proportion to its subtotal, rounded down to the cent; what
 * rounding leaves goes on the last line, or on the lines before it where the last has no room.
 */
export function spreadSaleDiscount(lines: readonly LineAmounts[], typed: string, kind: DiscountKind, decimals: number): Reading<DiscountedLine[]> {
  const subtotals = lines.map((line) => Decimal.max(0, new Decimal(line.subtotal)));
  const base = subtotals.reduce((sum, subtotal) => sum.plus(subtotal), new Decimal(0));
  if (lines.length === 0 || base.lte(0)) return { ok: false, message: 'The sale has nothing to discount.' };
  const off = amountOff(base, typed, kind, decimals);
  if (!off.ok) return off;
  const shares = subtotals.map((subtotal) => off.value.times(subtotal).dividedBy(base).toDecimalPlaces(decimals, Decimal.ROUND_DOWN));
  let left = off.value.minus(shares.reduce((sum, share) => sum.plus(share), new Decimal(0)));
  for (let index = shares.length - 1; index >= 0 && left.gt(0); index -= 1) {
    const share = shares[index] ?? new Decimal(0);
    const room = (subtotals[index] ?? new Decimal(0)).minus(share);
    const more = Decimal.min(room, left);
    shares[index] = share.plus(more);
    left = left.minus(more);
  }
  return {
    ok: true,
    value: lines.map((line, index) => ({
      id: line.id,
      subtotal: line.subtotal,
      total: new Decimal(line.subtotal).minus(shares[index] ?? 0).toFixed(decimals),
    })),
  };
}
