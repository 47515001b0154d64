import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../server/model/money.js';
import { calculateOrderTotals, linePriceExcludingTax, type TotalsInput, type TotalsSettings } from '../../server/domain/orders/totals.js';
import type { AppliedRate } from '../../server/domain/taxes/calc.js';

/** The pure totals engine against woocommerce-reference §6.9 and the rules of §6.2-6.7. */

const EXCLUSIVE: TotalsSettings = {
  dp: 2,
  calcTaxes: true,
  pricesIncludeTax: false,
  roundAtSubtotal: false,
  calcDiscountsSequentially: false,
  shippingTaxClass: 'inherit',
};
const INCLUSIVE: TotalsSettings = { ...EXCLUSIVE, pricesIncludeTax: true };

function rate(id: number, percent: string, extra: Partial<AppliedRate> = {}): AppliedRate {
  return { id, rate: percent, label: `Tax ${id}`, compound: false, shipping: true, code: `XX-TAX ${id}-1`, ...extra };
}

function input(partial: Partial<TotalsInput> & Pick<TotalsInput, 'lines'>): TotalsInput {
  return { settings: EXCLUSIVE, fees: [], shipping: [], coupons: [], taxClasses: ['', 'reduced-rate', 'zero-rate'], ratesByClass: new Map(), ...partial };
}

const line = (subtotal: string, quantity = 1, extra: Partial<TotalsInput['lines'][number]> = {}) => ({
  quantity,
  subtotal,
  total: subtotal,
  taxStatus: 'taxable' as const,
  taxClass: '',
  ...extra,
});
const money = (value: { toString(): string }) => formatMoney(value.toString(), 2);

describe('worked examples of woocommerce-reference §6.9', () => {
  it('A: exclusive 20 % on two items and on shipping', () => {
    const totals = calculateOrderTotals(
      input({ lines: [line('20.00', 2)], shipping: [{ total: '5.00' }], ratesByClass: new Map([['', [rate(1, '20.0000')]]]) }),
    );
    expect(totals.taxLines).toHaveLength(1);
    expect(money(totals.taxLines[0]!.taxTotal)).toBe('4.00');
    expect(money(totals.taxLines[0]!.shippingTaxTotal)).toBe('1.00');
    expect(money(totals.cartTax)).toBe('4.00');
    expect(money(totals.shippingTax)).toBe('1.00');
    expect(money(totals.totalTax)).toBe('5.00');
    expect(money(totals.shippingTotal)).toBe('5.00');
    expect(money(totals.total)).toBe('30.00');
  });

  it('B: inclusive 20 % on a gross 9.99 rounds the tax half-down', () => {
    const rates = [rate(1, '20.0000')];
    const subtotal = linePriceExcludingTax('9.99', 1, { pricesIncludeTax: true, taxable: true, baseRates: rates, dp: 2 });
    expect(subtotal.toString()).toBe('8.325');
    const totals = calculateOrderTotals(input({ settings: INCLUSIVE, lines: [line(subtotal.toString())], ratesByClass: new Map([['', rates]]) }));
    const [first] = totals.lines;
    expect(first!.subtotal.toString()).toBe('8.325');
    expect(first!.taxes[0]!.total.toString()).toBe('1.665');
    expect(money(first!.subtotal)).toBe('8.33');
    expect(first!.subtotalTax.toString()).toBe('1.66');
    expect(first!.totalTax.toString()).toBe('1.66');
    expect(totals.subtotal.toString()).toBe('8.33');
    expect(money(totals.total)).toBe('9.99');
  });

  it('B (contrast): the same tax with prices exclusive of tax rounds half-up', () => {
    const totals = calculateOrderTotals(input({ lines: [line('8.325')], ratesByClass: new Map([['', [rate(1, '20.0000')]]]) }));
    expect(totals.lines[0]!.totalTax.toString()).toBe('1.67');
    expect(money(totals.total)).toBe('10.00');
  });

  it('C: 5 % on three lines of 0.10, rounded per line', () => {
    const totals = calculateOrderTotals(input({ lines: [line('0.10'), line('0.10'), line('0.10')], ratesByClass: new Map([['', [rate(1, '5.0000')]]]) }));
    expect(totals.lines.map((entry) => entry.totalTax.toString())).toEqual(['0.01', '0.01', '0.01']);
    expect(money(totals.cartTax)).toBe('0.03');
    expect(money(totals.total)).toBe('0.33');
  });

  it('C: 5 % on three lines of 0.10, rounded at subtotal', () => {
    const totals = calculateOrderTotals(
      input({
        settings: { ...EXCLUSIVE, roundAtSubtotal: true },
        lines: [line('0.10'), line('0.10'), line('0.10')],
        ratesByClass: new Map([['', [rate(1, '5.0000')]]]),
      }),
    );
    expect(totals.lines.map((entry) => entry.totalTax.toString())).toEqual(['0.005', '0.005', '0.005']);
    expect(totals.lines.map((entry) => money(entry.totalTax))).toEqual(['0.01', '0.01', '0.01']);
    expect(totals.cartTax.toString()).toBe('0.015');
    expect(totals.totalTax.toString()).toBe('0.02');
    expect(money(totals.total)).toBe('0.32');
  });

  it('D: a compound rate applies on top of the first', () => {
    const rates = [rate(1, '5.0000'), rate(2, '9.9750', { compound: true })];
    const totals = calculateOrderTotals(input({ lines: [line('100.00')], ratesByClass: new Map([['', rates]]) }));
    expect(totals.lines[0]!.taxes.map((tax) => [tax.rateId, tax.total.toString()])).toEqual([
      [1, '5'],
      [2, '10.47375'],
    ]);
    expect(totals.taxLines.map((tax) => [tax.rate.id, money(tax.taxTotal)])).toEqual([
      [1, '5.00'],
      [2, '10.47'],
    ]);
    expect(money(totals.totalTax)).toBe('15.47');
    expect(money(totals.total)).toBe('115.47');
  });

  it('F: a 10 % coupon on three lines of 3.33 hands the missing cent to the first line', () => {
    const totals = calculateOrderTotals(
      input({
        lines: [line('3.33'), line('3.33'), line('3.33')],
        coupons: [{ code: 'ten', discountType: 'percent', amount: '10', limitUsageToXItems: null, eligible: [true, true, true] }],
      }),
    );
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['2.99', '3.00', '3.00']);
    expect(money(totals.coupons[0]!.discount)).toBe('1.00');
    expect(money(totals.discountTotal)).toBe('1.00');
    expect(money(totals.total)).toBe('8.99');
  });

  it('G: a fixed-cart 10.00 coupon on 2 × 4.00 and 1 × 3.00', () => {
    const totals = calculateOrderTotals(
      input({
        lines: [line('8.00', 2), line('3.00', 1)],
        coupons: [{ code: 'tenoff', discountType: 'fixed_cart', amount: '10.00', limitUsageToXItems: null, eligible: [true, true] }],
      }),
    );
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['1.00', '0.00']);
    expect(money(totals.coupons[0]!.discount)).toBe('10.00');
    expect(money(totals.total)).toBe('1.00');
  });

  it('G: a fixed-cart 10.00 coupon on three lines of 5.00 gives 3.34 / 3.33 / 3.33', () => {
    const totals = calculateOrderTotals(
      input({
        lines: [line('5.00'), line('5.00'), line('5.00')],
        coupons: [{ code: 'tenoff', discountType: 'fixed_cart', amount: '10.00', limitUsageToXItems: null, eligible: [true, true, true] }],
      }),
    );
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['1.66', '1.67', '1.67']);
    expect(money(totals.total)).toBe('5.00');
  });

  it('H: a 10 % coupon on a tax-inclusive order takes its tax off with it', () => {
    const totals = calculateOrderTotals(
      input({
        settings: INCLUSIVE,
        lines: [line('10.00')],
        coupons: [{ code: 'ten', discountType: 'percent', amount: '10', limitUsageToXItems: null, eligible: [true] }],
        ratesByClass: new Map([['', [rate(1, '20.0000')]]]),
      }),
    );
    expect(money(totals.lines[0]!.total)).toBe('9.00');
    expect(money(totals.lines[0]!.totalTax)).toBe('1.80');
    expect(money(totals.lines[0]!.subtotalTax)).toBe('2.00');
    expect(money(totals.coupons[0]!.discount)).toBe('1.00');
    expect(money(totals.coupons[0]!.discountTax)).toBe('0.20');
    expect(money(totals.discountTotal)).toBe('1.00');
    expect(money(totals.discountTax)).toBe('0.20');
    expect(money(totals.total)).toBe('10.80');
  });
});

describe('prices entered with and without tax', () => {
  it('a gross 12.00 at 20 % is stored as 10.00 and taxed back to 12.00', () => {
    const rates = [rate(1, '20.0000')];
    const subtotal = linePriceExcludingTax('12.00', 1, { pricesIncludeTax: true, taxable: true, baseRates: rates, dp: 2 });
    expect(subtotal.toString()).toBe('10');
    const inclusive = calculateOrderTotals(input({ settings: INCLUSIVE, lines: [line(subtotal.toString())], ratesByClass: new Map([['', rates]]) }));
    expect(money(inclusive.total)).toBe('12.00');
    const exclusivePrice = linePriceExcludingTax('12.00', 1, { pricesIncludeTax: false, taxable: true, baseRates: rates, dp: 2 });
    const exclusive = calculateOrderTotals(input({ lines: [line(exclusivePrice.toString())], ratesByClass: new Map([['', rates]]) }));
    expect(money(exclusive.total)).toBe('14.40');
  });

  it('a product that is not taxable keeps its gross price', () => {
    expect(linePriceExcludingTax('12.00', 3, { pricesIncludeTax: true, taxable: false, baseRates: [rate(1, '20.0000')], dp: 2 }).toString()).toBe('36');
  });

  it('inclusive prices with a compound rate: the compound tax comes off first', () => {
    const rates = [rate(1, '5.0000'), rate(2, '9.9750', { compound: true })];
    const subtotal = linePriceExcludingTax('115.47375', 1, { pricesIncludeTax: true, taxable: true, baseRates: rates, dp: 2 });
    expect(subtotal.toString()).toBe('100');
  });
});

describe('coupons', () => {
  const coupon = (extra: Partial<TotalsInput['coupons'][number]>) => ({
    code: 'c',
    discountType: 'percent' as const,
    amount: '10',
    limitUsageToXItems: null,
    eligible: [true, true],
    ...extra,
  });

  it('percent applies only to eligible lines', () => {
    const totals = calculateOrderTotals(input({ lines: [line('10.00'), line('20.00')], coupons: [coupon({ amount: '25', eligible: [false, true] })] }));
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['10.00', '15.00']);
    expect(money(totals.discountTotal)).toBe('5.00');
  });

  it('percent limited to x items discounts that many units, largest line first', () => {
    const totals = calculateOrderTotals(input({ lines: [line('4.00', 2), line('30.00', 3)], coupons: [coupon({ amount: '50', limitUsageToXItems: 2 })] }));
    // The 3 × 10.00 line sorts first; two of its units take 50 % off.
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['4.00', '20.00']);
  });

  it('fixed_product takes the amount per unit, capped at the line', () => {
    const totals = calculateOrderTotals(
      input({ lines: [line('2.00', 2), line('15.00', 3)], coupons: [coupon({ discountType: 'fixed_product', amount: '1.50' })] }),
    );
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['0.00', '10.50']);
    expect(money(totals.coupons[0]!.discount)).toBe('6.50');
  });

  it('fixed_cart spreads 1.00 over three units as 0.34 / 0.33 / 0.33', () => {
    const totals = calculateOrderTotals(
      input({ lines: [line('3.00', 3), line('1.00', 1)], coupons: [coupon({ discountType: 'fixed_cart', amount: '1.00' })] }),
    );
    // 4 units: 25 cents each; the 3-unit line takes 75, the other 25.
    expect(totals.lines.map((entry) => money(entry.total))).toEqual(['2.25', '0.75']);
    const odd = calculateOrderTotals(input({ lines: [line('3.00', 3)], coupons: [coupon({ discountType: 'fixed_cart', amount: '1.00', eligible: [true] })] }));
    expect(money(odd.lines[0]!.total)).toBe('2.00');
    const cents = calculateOrderTotals(
      input({
        lines: [line('1.00'), line('1.00'), line('1.00')],
        coupons: [coupon({ discountType: 'fixed_cart', amount: '0.02', eligible: [true, true, true] })],
      }),
    );
    expect(cents.lines.map((entry) => money(entry.total))).toEqual(['0.99', '0.99', '1.00']);
  });

  it('two coupons: the second sees what the first left', () => {
    const totals = calculateOrderTotals(
      input({
        lines: [line('10.00')],
        coupons: [
          coupon({ code: 'a', discountType: 'fixed_cart', amount: '8.00', eligible: [true] }),
          coupon({ code: 'b', discountType: 'fixed_cart', amount: '5.00', eligible: [true] }),
        ],
      }),
    );
    expect(totals.coupons.map((entry) => [entry.code, money(entry.discount)])).toEqual([
      ['a', '8.00'],
      ['b', '2.00'],
    ]);
    expect(money(totals.total)).toBe('0.00');
  });

  it('removing the last coupon restores the line totals from their subtotals', () => {
    const discounted = { ...line('10.00'), total: '9.00' };
    expect(money(calculateOrderTotals(input({ lines: [discounted] })).lines[0]!.total)).toBe('9.00');
    expect(money(calculateOrderTotals(input({ lines: [discounted], recalculateCoupons: true })).lines[0]!.total)).toBe('10.00');
  });

  it('an exclusive-tax coupon reports the tax it removed', () => {
    const totals = calculateOrderTotals(
      input({ lines: [line('10.00')], coupons: [coupon({ amount: '10', eligible: [true] })], ratesByClass: new Map([['', [rate(1, '20.0000')]]]) }),
    );
    expect(money(totals.coupons[0]!.discount)).toBe('1.00');
    expect(money(totals.coupons[0]!.discountTax)).toBe('0.20');
    expect(money(totals.discountTax)).toBe('0.20');
    expect(money(totals.total)).toBe('10.80');
  });

  it('coupons replace the given line totals by the subtotals before discounting', () => {
    const totals = calculateOrderTotals(input({ lines: [{ ...line('10.00'), total: '7.00' }], coupons: [coupon({ amount: '10', eligible: [true] })] }));
    expect(money(totals.lines[0]!.total)).toBe('9.00');
    const withoutCoupon = calculateOrderTotals(input({ lines: [{ ...line('10.00'), total: '7.00' }] }));
    expect(money(withoutCoupon.lines[0]!.total)).toBe('7.00');
    expect(money(withoutCoupon.discountTotal)).toBe('3.00');
  });
});

describe('shipping, fees and rounding', () => {
  const standard = rate(1, '20.0000');
  const reduced = rate(2, '5.0000');
  const noShipping = rate(3, '10.0000', { shipping: false });

  it('shipping inherits the first class used by the items, in class order', () => {
    const totals = calculateOrderTotals(
      input({
        lines: [line('10.00', 1, { taxClass: 'reduced-rate' })],
        shipping: [{ total: '10.00' }],
        ratesByClass: new Map([
          ['', [standard]],
          ['reduced-rate', [reduced]],
        ]),
      }),
    );
    expect(money(totals.shippingTax)).toBe('0.50');
    expect(money(totals.total)).toBe('21.00');
  });

  it('a configured shipping class and rates without shipping', () => {
    const configured = calculateOrderTotals(
      input({
        settings: { ...EXCLUSIVE, shippingTaxClass: '' },
        lines: [line('10.00', 1, { taxClass: 'reduced-rate' })],
        shipping: [{ total: '10.00' }],
        ratesByClass: new Map([
          ['', [standard]],
          ['reduced-rate', [reduced]],
        ]),
      }),
    );
    expect(money(configured.shippingTax)).toBe('2.00');
    const untaxedShipping = calculateOrderTotals(
      input({ lines: [line('10.00')], shipping: [{ total: '10.00' }], ratesByClass: new Map([['', [noShipping]]]) }),
    );
    expect(money(untaxedShipping.shippingTax)).toBe('0.00');
    expect(money(untaxedShipping.cartTax)).toBe('1.00');
  });

  it('no taxable item: no shipping tax under inherit', () => {
    const totals = calculateOrderTotals(
      input({ lines: [line('10.00', 1, { taxStatus: 'none' })], shipping: [{ total: '10.00' }], ratesByClass: new Map([['', [standard]]]) }),
    );
    expect(money(totals.totalTax)).toBe('0.00');
    expect(money(totals.total)).toBe('20.00');
  });

  it('a taxable fee is taxed at its class', () => {
    const totals = calculateOrderTotals(
      input({
        lines: [line('10.00')],
        fees: [{ total: '5.00', taxStatus: 'taxable', taxClass: 'reduced-rate' }],
        ratesByClass: new Map([
          ['', [standard]],
          ['reduced-rate', [reduced]],
        ]),
      }),
    );
    expect(money(totals.fees[0]!.totalTax)).toBe('0.25');
    expect(money(totals.cartTax)).toBe('2.25');
    expect(money(totals.total)).toBe('17.25');
  });

  it('a negative fee is capped at the order total and its tax is split by class', () => {
    const capped = calculateOrderTotals(input({ lines: [line('10.00')], fees: [{ total: '-50.00', taxStatus: 'none', taxClass: '' }] }));
    expect(money(capped.fees[0]!.total)).toBe('-10.00');
    expect(money(capped.total)).toBe('0.00');
    const split = calculateOrderTotals(
      input({
        lines: [line('30.00'), line('10.00', 1, { taxClass: 'reduced-rate' })],
        fees: [{ total: '-4.00', taxStatus: 'taxable', taxClass: '' }],
        ratesByClass: new Map([
          ['', [standard]],
          ['reduced-rate', [reduced]],
        ]),
      }),
    );
    // -3.00 of the fee falls on the 20 % class, -1.00 on the 5 % class.
    expect(split.fees[0]!.taxes.map((tax) => [tax.rateId, tax.total.toString()])).toEqual([
      [1, '-0.6'],
      [2, '-0.05'],
    ]);
    expect(money(split.cartTax)).toBe('5.85');
    expect(money(split.total)).toBe('41.85');
  });

  it('taxes off: no tax lines at all', () => {
    const totals = calculateOrderTotals(
      input({ settings: { ...EXCLUSIVE, calcTaxes: false }, lines: [line('10.00')], shipping: [{ total: '5.00' }], ratesByClass: new Map([['', [standard]]]) }),
    );
    expect(totals.taxLines).toEqual([]);
    expect(money(totals.total)).toBe('15.00');
  });

  it('per-line rounding vs rounding at subtotal on 1.05 × 3 at 7 %', () => {
    const lines = [line('1.05'), line('1.05'), line('1.05')];
    const rates = new Map([['', [rate(1, '7.0000')]]]);
    // 0.0735 per line → 0.07 each (0.21); at subtotal 0.2205 → 0.22.
    expect(money(calculateOrderTotals(input({ lines, ratesByClass: rates })).totalTax)).toBe('0.21');
    expect(money(calculateOrderTotals(input({ settings: { ...EXCLUSIVE, roundAtSubtotal: true }, lines, ratesByClass: rates })).totalTax)).toBe('0.22');
  });
});

describe('decimal quantities (settings/general decimal_qty, scale labels)', () => {
  const vat = new Map([['', [rate(1, '20.0000')]]]);

  it('0.755 kg at 12.99/kg: 9.80745 → 9.81, VAT 1.96149 → 1.96, total 11.77', () => {
    const subtotal = linePriceExcludingTax('12.99', 0.755, { pricesIncludeTax: false, taxable: true, baseRates: [], dp: 2 });
    expect(subtotal.toString()).toBe('9.80745');
    const totals = calculateOrderTotals(input({ lines: [line(subtotal.toString(), 0.755)], ratesByClass: vat }));
    expect([money(totals.lines[0]!.total), totals.lines[0]!.totalTax.toString(), money(totals.total)]).toEqual(['9.81', '1.96', '11.77']);
  });

  it('a 1.00 cart coupon over 0.1 kg (1.299) and 0.2 kg (2.598) takes exactly 1.00, in whole cents per line', () => {
    // Per unit of the 0.3 kg: 333 cents; 0.2 × 333 = 66.6 → 66, 0.1 × 333 = 33.3 → 33; the last cent to the larger line: 0.67 and 0.33.
    const coupon = { code: 'ONE', discountType: 'fixed_cart' as const, amount: '1.00', limitUsageToXItems: null, eligible: [true, true] };
    const totals = calculateOrderTotals(input({ lines: [line('1.299', 0.1), line('2.598', 0.2)], coupons: [coupon], ratesByClass: vat }));
    expect(totals.coupons[0]!.discount.toString()).toBe('1');
    // 1.299 − 0.33 = 0.969 → 0.97 and 2.598 − 0.67 = 1.928 → 1.93; VAT 0.1938 → 0.19 and 0.3856 → 0.39; total 0.97 + 1.93 + 0.58 = 3.48.
    expect(totals.lines.map((entry) => entry.total.toString())).toEqual(['0.969', '1.928']);
    expect([money(totals.discountTotal), money(totals.cartTax), money(totals.total)]).toEqual(['1.00', '0.58', '3.48']);
  });
});
