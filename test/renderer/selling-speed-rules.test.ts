/** The browser-free rules of selling speed: a discount on the whole sale spread over its lines, the line just added, the item count. */
import { describe, expect, it } from 'vitest';
import { grownLine, itemCount } from '../../renderer/cart-lines.js';
import { spreadSaleDiscount } from '../../renderer/discounts.js';
import type { Order } from '../../shared/resources/orders.js';

const lines = [
  { id: 1, subtotal: '2.75' },
  { id: 2, subtotal: '1.95' },
  { id: 3, subtotal: '4.25' },
];

function totalsOf(typed: string, kind: 'percent' | 'amount', of = lines): string[] {
  const spread = spreadSaleDiscount(of, typed, kind, 2);
  if (!spread.ok) throw new Error(spread.message);
  return spread.value.map((line) => line.total);
}

function order(id: number, quantities: Array<[number, number]>): Order {
  return { id, line_items: quantities.map(([lineId, quantity]) => ({ id: lineId, quantity })) } as unknown as Order;
}

describe('a discount on the whole sale', () => {
  it('takes 10% of 8.95 (0.90, half up) in shares rounded down, the cent left over on the last line', () => {
    // 0.90 × 2.75 / 8.95 = 0.2765 → 0.27; × 1.95 / 8.95 = 0.1960 → 0.19; the last 0.90 − 0.46 = 0.44.
    expect(totalsOf('10', 'percent')).toEqual(['2.48', '1.76', '3.81']);
  });

  it('takes an amount off the same way, and keeps every subtotal', () => {
    const spread = spreadSaleDiscount(lines, '1.00', 'amount', 2);
    expect(spread.ok && spread.value.map((line) => line.subtotal)).toEqual(['2.75', '1.95', '4.25']);
    // 1.00 × 2.75 / 8.95 = 0.307 → 0.30; × 1.95 / 8.95 = 0.217 → 0.21; the last 0.49.
    expect(totalsOf('1.00', 'amount')).toEqual(['2.45', '1.74', '3.76']);
  });

  it('puts what the last line has no room for on the lines before it', () => {
    // 0.03 × 1.00 / 2.00 = 0.015 → 0.01 each; the cent left cannot go on a free line.
    expect(
      totalsOf('0.03', 'amount', [
        { id: 1, subtotal: '1.00' },
        { id: 2, subtotal: '1.00' },
        { id: 3, subtotal: '0.00' },
      ]),
    ).toEqual(['0.99', '0.98', '0.00']);
  });

  it('takes 100% off the whole sale, every line to nothing', () => {
    expect(totalsOf('100', 'percent')).toEqual(['0.00', '0.00', '0.00']);
  });

  it('refuses more than the sale, more than 100%, too many decimals, and words', () => {
    expect(spreadSaleDiscount(lines, '9.00', 'amount', 2)).toEqual({ ok: false, message: "The amount off cannot be more than the sale's 8.95." });
    expect(spreadSaleDiscount(lines, '101', 'percent', 2)).toEqual({ ok: false, message: 'A discount is at most 100%.' });
    expect(spreadSaleDiscount(lines, '0.001', 'amount', 2)).toEqual({ ok: false, message: 'The amount off has at most 2 decimal places.' });
    expect(spreadSaleDiscount(lines, 'ten', 'percent', 2).ok).toBe(false);
    expect(spreadSaleDiscount([], '10', 'percent', 2)).toEqual({ ok: false, message: 'The sale has nothing to discount.' });
  });
});

describe('the cart lines', () => {
  it('finds the line an answer added or put more of, and none for a removal or another order', () => {
    expect(grownLine(null, order(7, [[70, 1]]))).toBe(70);
    expect(
      grownLine(
        order(7, [[70, 1]]),
        order(7, [
          [70, 1],
          [71, 1],
        ]),
      ),
    ).toBe(71);
    expect(
      grownLine(
        order(7, [
          [70, 1],
          [71, 1],
        ]),
        order(7, [
          [70, 2],
          [71, 1],
        ]),
      ),
    ).toBe(70);
    expect(
      grownLine(
        order(7, [
          [70, 2],
          [71, 1],
        ]),
        order(7, [
          [70, 1],
          [71, 1],
        ]),
      ),
    ).toBeNull();
    expect(
      grownLine(
        order(7, [[70, 1]]),
        order(8, [
          [80, 1],
          [81, 1],
        ]),
      ),
    ).toBeNull();
  });

  it('counts whole units, and a weighed line as one item', () => {
    expect(
      itemCount(
        order(7, [
          [70, 2],
          [71, 1.5],
          [72, 1],
        ]),
      ),
    ).toBe(4);
    expect(itemCount(null)).toBe(0);
  });
});
