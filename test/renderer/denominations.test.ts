/**
 * The drawer's count by notes and coins (shared/denominations.ts): the tables of GBP, EUR and USD,
 * a plain amount for other currencies, and the sum in decimal, so that many small coins add up
 * exactly where binary floating point would drift.
 */
import { describe, expect, it } from 'vitest';
import { countedTotal, denominationsOf, DENOMINATIONS } from '../../shared/denominations.js';

describe('counting the drawer by notes and coins', () => {
  it('has largest-first tables for pounds, euros and dollars, and none for another currency', () => {
    for (const currency of ['GBP', 'EUR', 'USD']) {
      const values = (DENOMINATIONS[currency] ?? []).map((denomination) => Number(denomination.value));
      expect(values.length, currency).toBeGreaterThan(5);
      expect(
        [...values].sort((a, b) => b - a),
        currency,
      ).toEqual(values);
    }
    expect(denominationsOf('gbp')).toBe(DENOMINATIONS.GBP);
    expect(denominationsOf('JPY')).toBeNull();
  });

  it('sums value × count in decimal; blank is none; a count that is not a whole number gives no sum', () => {
    const gbp = denominationsOf('GBP') ?? [];
    const at = (value: string) => gbp.findIndex((denomination) => denomination.value === value);
    const counts: string[] = [];
    counts[at('20')] = '3';
    counts[at('0.10')] = '7';
    counts[at('0.01')] = '9';
    expect(countedTotal(gbp, counts, 2)).toBe('60.79');
    // 0.1 + 0.2 in binary floating point is 0.30000000000000004: three 10p coins are 0.30 here.
    const tenPence: string[] = [];
    tenPence[at('0.10')] = '3';
    expect(countedTotal(gbp, tenPence, 2)).toBe('0.30');
    expect(countedTotal(gbp, [], 2)).toBe('0.00');
    expect(countedTotal(gbp, ['1.5'], 2)).toBeNull();
    expect(countedTotal(gbp, ['-1'], 2)).toBeNull();
  });
});
