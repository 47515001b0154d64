import { Decimal, HALF_UP } from '../../model/money.js';
import type { DiscountType } from '../../model/coupons/types.js';
import { calcTax, roundTax, roundTo, sum, type AppliedRate, type DecimalInput, type RateTaxes } from '../taxes/calc.js';
import { applyCoupons, fromMinor, toMinor } from './discounts.js';

/**
 * The order totals engine: WooCommerce's `recalculate_coupons` and `calculate_totals`
 * (woocommerce-reference §6.1-6.7) over plain values, with exact decimals and no I/O.
 * Tax rates come in already matched at the order's tax location, by tax class.
 */

export interface TotalsSettings {
  /** Price decimals (the store's `price_num_decimals`). */
  dp: number;
  calcTaxes: boolean;
  pricesIncludeTax: boolean;
  roundAtSubtotal: boolean;
  calcDiscountsSequentially: boolean;
  /** `inherit`, `''` (standard) or a class slug. */
  shippingTaxClass: string;
}

export type LineTaxStatus = 'taxable' | 'shipping' | 'none';

export interface TotalsLine {
  quantity: number;
  /** Whole line before discounts, ex tax. */
  subtotal: DecimalInput;
  /** Whole line after discounts, ex tax; used as given when the order has no coupons. */
  total: DecimalInput;
  /**
   * A total set by hand (price override or line discount), ex tax: coupons discount it, not the
   * subtotal, so re-applying coupons never brings the catalogue price back.
   */
  manualTotal?: DecimalInput | undefined;
  taxStatus: LineTaxStatus;
  /** `''` = standard. */
  taxClass: string;
}

export interface TotalsFee {
  total: DecimalInput;
  taxStatus: 'taxable' | 'none';
  taxClass: string;
}

export interface TotalsShipping {
  total: DecimalInput;
}

export interface TotalsCoupon {
  code: string;
  discountType: DiscountType;
  amount: string;
  limitUsageToXItems: number | null;
  /** Per line: may the coupon discount it. */
  eligible: readonly boolean[];
}

export interface TotalsInput {
  settings: TotalsSettings;
  lines: readonly TotalsLine[];
  fees: readonly TotalsFee[];
  shipping: readonly TotalsShipping[];
  coupons: readonly TotalsCoupon[];
  /**
   * Re-apply the coupons from the subtotals (recalculate_coupons): always when there are coupons,
   * and when the last one was just removed. Otherwise the lines keep their given totals.
   */
  recalculateCoupons?: boolean | undefined;
  /** Tax classes in their configured order, standard (`''`) first: the `inherit` shipping class takes the first one used. */
  taxClasses: readonly string[];
  /** Rates matched at the order's tax location for each class (`''` = standard). */
  ratesByClass: ReadonlyMap<string, readonly AppliedRate[]>;
}

export interface RateAmount {
  rateId: number;
  total: Decimal;
  /** Lines only. */
  subtotal: Decimal;
}

export interface LineTotals {
  subtotal: Decimal;
  total: Decimal;
  subtotalTax: Decimal;
  totalTax: Decimal;
  taxes: RateAmount[];
}

export interface FeeTotals {
  total: Decimal;
  totalTax: Decimal;
  taxes: RateAmount[];
}

export interface ShippingTotals {
  total: Decimal;
  totalTax: Decimal;
  taxes: RateAmount[];
}

export interface CouponTotals {
  code: string;
  discount: Decimal;
  discountTax: Decimal;
}

export interface TaxLineTotals {
  rate: AppliedRate;
  taxTotal: Decimal;
  shippingTaxTotal: Decimal;
}

export interface OrderTotals {
  lines: LineTotals[];
  fees: FeeTotals[];
  shipping: ShippingTotals[];
  coupons: CouponTotals[];
  taxLines: TaxLineTotals[];
  /** Σ line subtotals (each rounded to whole cents unless round-at-subtotal). */
  subtotal: Decimal;
  discountTotal: Decimal;
  discountTax: Decimal;
  shippingTotal: Decimal;
  shippingTax: Decimal;
  cartTax: Decimal;
  totalTax: Decimal;
  total: Decimal;
}

const ZERO = new Decimal(0);

export function calculateOrderTotals(input: TotalsInput): OrderTotals {
  const { settings } = input;
  const { dp } = settings;
  const ratesOf = (taxClass: string): readonly AppliedRate[] => input.ratesByClass.get(taxClass) ?? [];
  const taxed = (status: string) => settings.calcTaxes && status === 'taxable';
  const roundLineTax = (value: Decimal) => (settings.roundAtSubtotal ? value : roundTax(value, dp, settings.pricesIncludeTax));
  const exclusive = (amount: DecimalInput, rates: readonly AppliedRate[]) => calcTax(amount, rates, false, dp);

  const lines = input.lines.map((line) => {
    const subtotal = new Decimal(line.subtotal);
    // The coupons' starting point: the manual total where the cashier set one, else the subtotal (§6.7).
    const base = line.manualTotal === undefined ? subtotal : Decimal.min(subtotal, new Decimal(line.manualTotal));
    const baseTaxes = taxed(line.taxStatus) ? exclusive(base, ratesOf(line.taxClass)) : new Map<number, Decimal>();
    const reset = input.coupons.length > 0 || input.recalculateCoupons === true;
    return { line, subtotal, base, total: reset ? base : new Decimal(line.total), baseTax: sum([...baseTaxes.values()].map(roundLineTax)) };
  });

  // §6.7: coupons are applied to the lines' base prices, then each line's discount comes off its total.
  const items = lines.map(({ line, base, baseTax }) => ({
    price: toMinor(base, dp).plus(settings.pricesIncludeTax ? toMinor(baseTax, dp) : 0),
    quantity: line.quantity,
  }));
  const discounts = applyCoupons(items, input.coupons, dp, settings.calcDiscountsSequentially);
  const couponTotals: CouponTotals[] = input.coupons.map((coupon) => {
    const perLine = (discounts.get(coupon.code) ?? []).map((minor) => fromMinor(minor, dp));
    let discount = sum(perLine);
    let discountTax = ZERO;
    perLine.forEach((amount, index) => {
      const line = lines[index]?.line;
      if (!line || amount.isZero() || !taxed(line.taxStatus)) return;
      let tax = sum(calcTax(amount, ratesOf(line.taxClass), settings.pricesIncludeTax, dp).values());
      if (!settings.roundAtSubtotal) tax = roundTax(tax, dp, settings.pricesIncludeTax);
      discountTax = discountTax.plus(tax);
      if (settings.pricesIncludeTax) discount = discount.minus(tax);
    });
    return { code: coupon.code, discount, discountTax };
  });
  const discounted = (given: ReadonlyMap<string, readonly Decimal[]>) =>
    lines.map((entry, index) => {
      let amount = ZERO;
      for (const perLine of given.values()) amount = amount.plus(fromMinor(perLine[index] ?? ZERO, dp));
      if (amount.isZero()) return entry.total;
      if (settings.pricesIncludeTax && taxed(entry.line.taxStatus)) {
        // A gross discount: take off only its ex-tax part, with unrounded taxes (as the cart does).
        amount = amount.minus(sum(calcTax(amount, ratesOf(entry.line.taxClass), true, dp).values()));
      }
      return Decimal.max(0, entry.total.minus(amount));
    });
  // What a negative fee's tax is split by: WooCommerce applies the coupons one at a time and splits
  // by the line totals it saved before the last one (WC_Order_Item_Fee reads the order afresh).
  const beforeLastCoupon = discounted(applyCoupons(items, input.coupons.slice(0, -1), dp, settings.calcDiscountsSequentially));
  discounted(discounts).forEach((total, index) => {
    (lines[index] as { total: Decimal }).total = total;
  });

  // §6.6 calculate_totals.
  const roundItem = (value: Decimal): Decimal => (settings.roundAtSubtotal ? value : value.toDecimalPlaces(dp, HALF_UP));
  const cartSubtotal = sum(lines.map((entry) => roundItem(entry.subtotal)));
  const cartTotal = sum(lines.map((entry) => roundItem(entry.total)));
  const shippingTotal = sum(input.shipping.map((line) => roundTo(line.total, dp)));

  let feesTotal = ZERO;
  const feeAmounts = input.fees.map((fee) => {
    let total = new Decimal(fee.total);
    if (total.isNegative()) {
      // A negative fee is a discount that cannot take the order below zero.
      const maxDiscount = roundTo(cartTotal.plus(feesTotal).plus(shippingTotal), dp).negated();
      if (total.lt(maxDiscount) && maxDiscount.isNegative()) total = maxDiscount;
    }
    feesTotal = feesTotal.plus(total);
    return total;
  });

  const lineTaxes = lines.map((entry) => {
    if (!taxed(entry.line.taxStatus)) return { total: new Map<number, Decimal>(), subtotal: new Map<number, Decimal>() };
    const rates = ratesOf(entry.line.taxClass);
    const totalTaxes = exclusive(entry.total, rates);
    const subtotalTaxes = exclusive(entry.subtotal, rates);
    // WC_Order_Item_Product::set_taxes: the subtotal taxes are never below the total taxes.
    return { total: totalTaxes, subtotal: sum(subtotalTaxes.values()).lt(sum(totalTaxes.values())) ? new Map(totalTaxes) : subtotalTaxes };
  });

  // Classes used by taxable (or shipping-taxable) lines, in configured order: for negative fees and the inherited shipping class.
  const usedClasses = input.taxClasses.filter((taxClass) => lines.some((entry) => entry.line.taxStatus !== 'none' && entry.line.taxClass === taxClass));
  for (const entry of lines) {
    if (entry.line.taxStatus !== 'none' && !usedClasses.includes(entry.line.taxClass)) usedClasses.push(entry.line.taxClass);
  }
  const shippingClass = settings.shippingTaxClass === 'inherit' ? usedClasses[0] : settings.shippingTaxClass;
  // A negative fee counts the shipping cost under another class than the shipping tax uses
  // (WC_Order_Item_Fee::get_tax_class_costs): `inherit` is the first class in line order, not in configured order.
  const firstLineClass = lines.find((entry) => entry.line.taxStatus !== 'none')?.line.taxClass;
  const feeShippingClass = settings.shippingTaxClass === 'inherit' ? firstLineClass : settings.shippingTaxClass;

  const feeTaxes = input.fees.map((fee, index) => {
    const total = feeAmounts[index] as Decimal;
    // A negative fee's tax is split whatever its own tax status: WC_Order_Item_Fee::calculate_taxes
    // never reads it for a negative total (seen on WooCommerce 10.0.2 in 12 of 99 random carts).
    if (total.isNegative())
      return settings.calcTaxes
        ? negativeFeeTaxes(
            total,
            lines.map((entry, at) => ({ line: entry.line, total: beforeLastCoupon[at] as Decimal })),
            input.fees,
            feeAmounts,
            input.shipping,
            usedClasses,
            feeShippingClass,
            ratesOf,
            dp,
            settings.calcTaxes,
          )
        : new Map<number, Decimal>();
    if (!taxed(fee.taxStatus)) return new Map<number, Decimal>();
    return exclusive(total, ratesOf(fee.taxClass));
  });

  const shippingRates = shippingClass === undefined ? [] : ratesOf(shippingClass).filter((rate) => rate.shipping);
  const shippingTaxes = input.shipping.map((line) =>
    settings.calcTaxes && shippingRates.length > 0 ? exclusive(line.total, shippingRates) : new Map<number, Decimal>(),
  );

  // Tax lines, one per rate, in the order the rates first appear on lines, fees, then shipping.
  const rateById = new Map<number, AppliedRate>();
  for (const rates of input.ratesByClass.values()) for (const rate of rates) if (!rateById.has(rate.id)) rateById.set(rate.id, rate);
  const cartTaxes = new Map<number, Decimal>();
  const shippingTaxTotals = new Map<number, Decimal>();
  for (const taxes of [...lineTaxes.map((entry) => entry.total), ...feeTaxes]) {
    for (const [rateId, tax] of taxes) cartTaxes.set(rateId, (cartTaxes.get(rateId) ?? ZERO).plus(roundLineTax(tax)));
  }
  for (const taxes of shippingTaxes) {
    for (const [rateId, tax] of taxes) shippingTaxTotals.set(rateId, (shippingTaxTotals.get(rateId) ?? ZERO).plus(roundLineTax(tax)));
  }
  const rateIds = [...new Set([...cartTaxes.keys(), ...shippingTaxTotals.keys()])];
  const taxLines: TaxLineTotals[] = rateIds.flatMap((rateId) => {
    const rate = rateById.get(rateId);
    return rate ? [{ rate, taxTotal: cartTaxes.get(rateId) ?? ZERO, shippingTaxTotal: shippingTaxTotals.get(rateId) ?? ZERO }] : [];
  });
  const cartTax = sum(cartTaxes.values());
  const shippingTax = sum(shippingTaxTotals.values());

  const cartTotalTax = sum(lineTaxes.flatMap((entry) => [...entry.total.values()]));
  const cartSubtotalTax = sum(lineTaxes.flatMap((entry) => [...entry.subtotal.values()]));

  return {
    lines: lines.map((entry, index) => {
      const taxes = lineTaxes[index] as { total: RateTaxes; subtotal: RateTaxes };
      return {
        subtotal: entry.subtotal,
        total: entry.total,
        subtotalTax: sum([...taxes.subtotal.values()].map(roundLineTax)),
        totalTax: sum([...taxes.total.values()].map(roundLineTax)),
        taxes: rateAmounts(taxes.total, taxes.subtotal),
      };
    }),
    fees: feeAmounts.map((total, index) => {
      const taxes = feeTaxes[index] as RateTaxes;
      return { total, totalTax: sum([...taxes.values()].map(roundLineTax)), taxes: rateAmounts(taxes) };
    }),
    shipping: input.shipping.map((line, index) => {
      const taxes = shippingTaxes[index] as RateTaxes;
      return { total: new Decimal(line.total), totalTax: sum([...taxes.values()].map(roundLineTax)), taxes: rateAmounts(taxes) };
    }),
    coupons: couponTotals,
    taxLines,
    subtotal: cartSubtotal,
    discountTotal: roundTo(cartSubtotal.minus(cartTotal), dp),
    discountTax: roundTax(cartSubtotalTax.minus(cartTotalTax), dp, settings.pricesIncludeTax),
    shippingTotal,
    shippingTax,
    cartTax,
    totalTax: roundTo(cartTax.plus(shippingTax), dp),
    total: roundTo(cartTotal.plus(feesTotal).plus(shippingTotal).plus(cartTax).plus(shippingTax), dp),
  };
}

function rateAmounts(total: RateTaxes, subtotal?: RateTaxes): RateAmount[] {
  return [...total].map(([rateId, amount]) => ({ rateId, total: amount, subtotal: subtotal?.get(rateId) ?? ZERO }));
}

/**
 * WC_Order_Item_Fee::calculate_taxes for a negative fee: its tax is split over the tax classes in
 * proportion to the (non-negative) cost of the lines, fees and shipping in each class, the
 * shipping counted under `shippingClass` (§6.6, last paragraph). The lines' costs are the totals
 * before the order's last coupon, as an order created with its coupons in WooCommerce 10 gets them
 * (each coupon applied saves the order, then recalculates: the fee reads the saved lines).
 */
function negativeFeeTaxes(
  feeTotal: Decimal,
  lines: ReadonlyArray<{ line: TotalsLine; total: Decimal }>,
  fees: readonly TotalsFee[],
  feeAmounts: readonly Decimal[],
  shipping: readonly TotalsShipping[],
  usedClasses: readonly string[],
  shippingClass: string | undefined,
  ratesOf: (taxClass: string) => readonly AppliedRate[],
  dp: number,
  calcTaxes: boolean,
): RateTaxes {
  if (!calcTaxes) return new Map();
  const NON_TAXABLE = '\u0000non-taxable';
  const costs = new Map<string, Decimal>([...usedClasses.map((taxClass): [string, Decimal] => [taxClass, ZERO]), [NON_TAXABLE, ZERO]]);
  const addCost = (taxClass: string, amount: Decimal) => {
    if (amount.isNegative()) return;
    costs.set(taxClass, (costs.get(taxClass) ?? ZERO).plus(amount));
  };
  for (const { line, total } of lines) addCost(line.taxStatus === 'taxable' ? line.taxClass : NON_TAXABLE, total);
  fees.forEach((fee, index) => {
    addCost(fee.taxStatus === 'taxable' ? fee.taxClass : NON_TAXABLE, feeAmounts[index] as Decimal);
  });
  for (const line of shipping) addCost(shippingClass ?? NON_TAXABLE, new Decimal(line.total));
  const totalCost = sum(costs.values());
  const taxes: RateTaxes = new Map();
  if (totalCost.isZero()) return taxes;
  for (const [taxClass, cost] of costs) {
    if (taxClass === NON_TAXABLE || cost.isZero()) continue;
    const share = feeTotal.times(cost.div(totalCost));
    for (const [rateId, tax] of calcTax(share, ratesOf(taxClass), false, dp)) taxes.set(rateId, (taxes.get(rateId) ?? ZERO).plus(tax));
  }
  return taxes;
}

/**
 * `wc_get_price_excluding_tax` for a line (§6.5): with prices entered including tax, a taxable
 * product's line price loses its tax at the store's base rates, unrounded; otherwise it is unit × quantity.
 */
export function linePriceExcludingTax(
  unitPrice: DecimalInput,
  quantity: number,
  options: { pricesIncludeTax: boolean; taxable: boolean; baseRates: readonly AppliedRate[]; dp: number },
): Decimal {
  const gross = new Decimal(unitPrice).times(quantity);
  if (!options.pricesIncludeTax || !options.taxable) return gross;
  return gross.minus(sum(calcTax(gross, options.baseRates, true, options.dp).values()));
}
