/**
 * A discount on the whole sale, read from what the cashier typed (percent or an amount off) and
 * spread over the cart's lines, worked out in decimal.js, never in binary floating point. Each line
 * keeps its subtotal (the price before discounts) and gets a lower total, so the discount shows on
 * the receipt and in X and Z; the server then works out the taxes and the order's totals.
 *
 * Line totals are before tax (as WooCommerce keeps them). Where the prices include tax, the amount
 * typed is off what the customer pays: each line's share is taken off its price with tax, and its
 * new total before tax is the one whose tax (worked out as the server does, each rate rounded half
 * down) brings it back to exactly that price, so the sale's total drops by the amount typed.
 */
import { Decimal } from 'decimal.js';
import type { DiscountKind, Reading } from './line-edits.js';

export interface LineAmounts {
  id: number;
  subtotal: string;
  /** The tax on the subtotal, and the rates it was taxed at: read where the prices include tax. */
  subtotal_tax?: string;
  taxes?: ReadonlyArray<{ id: number }>;
}

/** How the sale is taxed: whether its prices include tax, and each tax rate's percent by its id (the order's tax lines). */
export interface SaleTaxes {
  pricesIncludeTax: boolean;
  ratePercentById: ReadonlyMap<number, number>;
}

/** What one line is sent: its subtotal as it was, and its total after its share of the discount. */
export interface DiscountedLine {
  id: number;
  subtotal: string;
  total: string;
}

/** The amount off `base`: a percentage of it (rounded half up to the store's decimals) or an amount typed. */
function amountOff(base: Decimal, typed: string, kind: DiscountKind, decimals: number, what: string): Reading<Decimal> {
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
  if (value.gt(base)) return { ok: false, message: `The amount off cannot be more than the ${what}'s ${base.toFixed(decimals)}.` };
  return { ok: true, value };
}

/**
 * The lines after a discount on the whole sale, off their subtotals (a line discount given before
 * is replaced), or off their prices with tax where the sale's prices include tax.
 */
export function spreadSaleDiscount(
  lines: readonly LineAmounts[],
  typed: string,
  kind: DiscountKind,
  decimals: number,
  taxes: SaleTaxes = { pricesIncludeTax: false, ratePercentById: new Map() },
  what = 'sale',
): Reading<DiscountedLine[]> {
  const rates = lines.map((line) => (taxes.pricesIncludeTax ? (line.taxes ?? []).map((tax) => taxes.ratePercentById.get(tax.id) ?? 0) : []));
  const prices = lines.map((line) => {
    const subtotal = Decimal.max(0, new Decimal(line.subtotal));
    if (!taxes.pricesIncludeTax) return subtotal;
    return subtotal.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).plus(line.subtotal_tax ?? 0);
  });
  const base = prices.reduce((sum, price) => sum.plus(price), new Decimal(0));
  // Stryker disable next-line ConditionalExpression: a sale without lines has a base of 0, which the second half refuses alike.
  if (lines.length === 0 || base.lte(0)) return { ok: false, message: 'The sale has nothing to discount.' };
  const off = amountOff(base, typed, kind, decimals, what);
  if (!off.ok) return off;
  const shares = shareOut(off.value, prices, decimals);
  return {
    ok: true,
    value: lines.map((line, index) => {
      const price = (prices[index] ?? new Decimal(0)).minus(shares[index] ?? 0);
      const total = taxes.pricesIncludeTax ? totalBeforeTax(price, rates[index] ?? [], decimals) : price;
      return { id: line.id, subtotal: line.subtotal, total: taxes.pricesIncludeTax ? total.toFixed() : total.toFixed(decimals) };
    }),
  };
}

/**
 * One line's total after a discount typed for it: off its subtotal, or, where the prices include
 * tax, off its price with tax, so that "0.50 off" takes exactly 0.50 off what the customer pays.
 */
export function discountLine(line: LineAmounts, typed: string, kind: DiscountKind, decimals: number, taxes: SaleTaxes): Reading<string> {
  const spread = spreadSaleDiscount([line], typed, kind, decimals, taxes, 'line');
  if (!spread.ok) return spread;
  const [discounted] = spread.value;
  // Stryker disable next-line StringLiteral,ConditionalExpression: spreadSaleDiscount answers one line for the one line it is given, so this refusal is never reached.
  return discounted === undefined ? { ok: false, message: 'The line has nothing to discount.' } : { ok: true, value: discounted.total };
}

/**
 * `off` shared over `prices` in proportion, each share rounded down to the cent; what rounding
 * leaves goes on the last line, or on the lines before it where the last has no room.
 */
function shareOut(off: Decimal, prices: readonly Decimal[], decimals: number): Decimal[] {
  const base = prices.reduce((sum, price) => sum.plus(price), new Decimal(0));
  const shares = prices.map((price) => off.times(price).dividedBy(base).toDecimalPlaces(decimals, Decimal.ROUND_DOWN));
  let left = off.minus(shares.reduce((sum, share) => sum.plus(share), new Decimal(0)));
  // Stryker disable next-line ArithmeticOperator,LogicalOperator,ConditionalExpression: a start past the last line visits only lines that are not there (no room), and going on with nothing left adds nothing to any share.
  for (let index = shares.length - 1; index >= 0 && left.gt(0); index -= 1) {
    const share = shares[index] ?? new Decimal(0);
    const room = (prices[index] ?? new Decimal(0)).minus(share);
    const more = Decimal.min(room, left);
    shares[index] = share.plus(more);
    left = left.minus(more);
  }
  return shares;
}

/** The server's tax on a line total before tax: each rate's tax rounded half down, as for prices that include tax. */
function taxOn(total: Decimal, percents: readonly number[], decimals: number): Decimal {
  return percents.reduce((sum, percent) => sum.plus(total.times(percent).dividedBy(100).toDecimalPlaces(decimals, Decimal.ROUND_HALF_DOWN)), new Decimal(0));
}

/**
 * The total before tax whose price with tax is `price` to the cent, as the server adds it up: the
 * total rounded to the cent plus its tax. Some prices no total in whole cents reaches (9.99 at 20 %
 * is 8.325 before tax), so the total takes up to four more places where it needs them, as the
 * server's own line amounts do.
 */
function totalBeforeTax(price: Decimal, percents: readonly number[], decimals: number): Decimal {
  const rate = percents.reduce((sum, percent) => sum.plus(percent), new Decimal(0)).dividedBy(100);
  const reaches = (total: Decimal) =>
    total.gte(0) &&
    total
      .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP)
      .plus(taxOn(total, percents, decimals))
      .eq(price);
  for (let places = decimals; places <= decimals + 4; places += 1) {
    const guess = price.dividedBy(rate.plus(1)).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    const step = new Decimal(1).dividedBy(new Decimal(10).pow(places));
    const exact = [guess, guess.minus(step), guess.plus(step)].find(reaches);
    if (exact !== undefined) return exact;
  }
  return price.dividedBy(rate.plus(1)).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}
