/**
 * A discount on the whole sale where the prices include tax: the amount typed comes off what the
 * customer pays, to the cent. The server's own totals engine is the judge of what they pay.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { discountLine, spreadSaleDiscount, type LineAmounts } from '../../renderer/discounts.js';
import { calculateOrderTotals, linePriceExcludingTax, type TotalsSettings } from '../../server/domain/orders/totals.js';
import type { AppliedRate } from '../../server/domain/taxes/calc.js';

const INCLUSIVE: TotalsSettings = {
  dp: 2,
  calcTaxes: true,
  pricesIncludeTax: true,
  roundAtSubtotal: false,
  calcDiscountsSequentially: false,
  shippingTaxClass: 'inherit',
};
const rate = (id: number, percent: string): AppliedRate => ({
  id,
  rate: percent,
  label: `VAT ${percent}`,
  compound: false,
  shipping: true,
  code: `GB-VAT-${id}`,
});
const RATES = new Map<string, AppliedRate[]>([
  ['', [rate(1, '20.0000')]],
  ['reduced-rate', [rate(2, '5.0000')]],
  ['zero-rate', []],
]);
const PERCENTS = new Map([
  [1, 20],
  [2, 5],
]);

/** A sale of shelf prices with tax: 9.99 and 2.99 at 20 %, 4.20 at 5 %, 1.50 zero-rated. */
const SHELF: Array<{ price: string; taxClass: string }> = [
  { price: '9.99', taxClass: '' },
  { price: '4.20', taxClass: 'reduced-rate' },
  { price: '2.99', taxClass: '' },
  { price: '1.50', taxClass: 'zero-rate' },
];

/** What the customer pays for the lines with these totals before tax (undefined: not discounted). */
function payable(totals?: readonly string[]): { total: Decimal; lines: LineAmounts[] } {
  const subtotals = SHELF.map((item) =>
    linePriceExcludingTax(item.price, 1, { pricesIncludeTax: true, taxable: true, baseRates: RATES.get(item.taxClass) ?? [], dp: 2 }).toString(),
  );
  const answer = calculateOrderTotals({
    settings: INCLUSIVE,
    lines: SHELF.map((item, index) => ({
      quantity: 1,
      subtotal: subtotals[index] ?? '0',
      total: totals?.[index] ?? subtotals[index] ?? '0',
      taxStatus: 'taxable' as const,
      taxClass: item.taxClass,
    })),
    fees: [],
    shipping: [],
    coupons: [],
    taxClasses: ['', 'reduced-rate', 'zero-rate'],
    ratesByClass: RATES,
  });
  const lines = answer.lines.map((line, index) => ({
    id: index + 1,
    subtotal: subtotals[index] ?? '0',
    subtotal_tax: line.subtotalTax.toString(),
    taxes: line.taxes.map((tax) => ({ id: tax.rateId })),
  }));
  return { total: answer.total, lines };
}

function discounted(typed: string, kind: 'amount' | 'percent'): Decimal {
  const before = payable();
  const spread = spreadSaleDiscount(before.lines, typed, kind, 2, { pricesIncludeTax: true, ratePercentById: PERCENTS });
  if (!spread.ok) throw new Error(spread.message);
  expect(spread.value.map((line) => line.subtotal)).toEqual(before.lines.map((line) => line.subtotal));
  return payable(spread.value.map((line) => line.total)).total;
}

describe('a discount on the whole sale where prices include tax', () => {
  it('starts from the 18.68 on the shelf labels', () => {
    expect(payable().total.toFixed(2)).toBe('18.68');
  });

  it('takes exactly 5.00 off the 18.68 the customer pays', () => {
    expect(discounted('5.00', 'amount').toFixed(2)).toBe('13.68');
  });

  it('takes exactly the amount typed off, for every amount from 0.01 to 18.68', () => {
    const misses: string[] = [];
    for (let cents = 1; cents <= 1868; cents += 1) {
      const off = new Decimal(cents).dividedBy(100);
      const total = discounted(off.toFixed(2), 'amount');
      if (!total.eq(new Decimal('18.68').minus(off))) misses.push(`${off.toFixed(2)} → ${total.toFixed(2)}`);
    }
    expect(misses).toEqual([]);
  });

  it('takes a percentage of the price with tax: 10 % of 18.68 is 1.87', () => {
    expect(discounted('10', 'percent').toFixed(2)).toBe('16.81');
  });

  it('refuses more than the sale with its tax', () => {
    const spread = spreadSaleDiscount(payable().lines, '18.69', 'amount', 2, { pricesIncludeTax: true, ratePercentById: PERCENTS });
    expect(spread).toEqual({ ok: false, message: "The amount off cannot be more than the sale's 18.68." });
  });
});

describe('a discount on one line where prices include tax', () => {
  /** What the customer pays after `typed` off the first line (9.99 with 20 % VAT), the others as they are. */
  function afterLineDiscount(typed: string, kind: 'amount' | 'percent'): Decimal {
    const before = payable();
    const first = before.lines[0];
    if (first === undefined) throw new Error('no line');
    const total = discountLine(first, typed, kind, 2, { pricesIncludeTax: true, ratePercentById: PERCENTS });
    if (!total.ok) throw new Error(total.message);
    return payable([total.value, ...before.lines.slice(1).map((line) => line.subtotal)]).total;
  }

  it('takes exactly the amount typed off what the customer pays, for every amount up to the line’s 9.99', () => {
    const misses: string[] = [];
    for (let cents = 1; cents <= 999; cents += 1) {
      const off = new Decimal(cents).dividedBy(100);
      const total = afterLineDiscount(off.toFixed(2), 'amount');
      if (!total.eq(new Decimal('18.68').minus(off))) misses.push(`${off.toFixed(2)} → ${total.toFixed(2)}`);
    }
    expect(misses).toEqual([]);
  });

  it('takes 10 % of the line’s 9.99 with tax (1.00), and refuses more than the line', () => {
    expect(afterLineDiscount('10', 'percent').toFixed(2)).toBe('17.68');
    const first = payable().lines[0];
    if (first === undefined) throw new Error('no line');
    expect(discountLine(first, '10.00', 'amount', 2, { pricesIncludeTax: true, ratePercentById: PERCENTS })).toEqual({
      ok: false,
      message: "The amount off cannot be more than the line's 9.99.",
    });
  });
});
