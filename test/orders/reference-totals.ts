import { Decimal as DecimalJs } from 'decimal.js';

/**
 * A second, independent reading of woocommerce-reference.md §6.4–§6.7 (with §6.2's rounding and
 * §6.5's prices entered including tax), written from the reference text for the property test and
 * sharing no code with server/: every answer of the server's totals is checked against it.
 *
 * Where the text is terse, the reading follows WooCommerce 10's code, and says so:
 * - prices in minor units keep 4 places (§6.2's internal precision, `wc_add_number_precision`);
 *   `round()` makes whole cents of them where a rule rounds;
 * - the negative fee split (§6.6, last paragraph) counts non-negative fees too (get_tax_class_costs
 *   walks line items, fees and shipping);
 * - the unit price that sorts the items divides by the quantity only above 1 (sort_by_price);
 * - the negative fee split reads the line totals before the order's last coupon, as WooCommerce
 *   10.0.2 gave them for an order created with its coupons (WC_Order_Item_Fee reads the order as
 *   saved, and each coupon applied saves it before recalculating).
 * One rule Tillbase keeps by decision (docs/http-api.md, "How orders are totalled"): a negative fee
 * larger than the order is refused (`refusedFee`).
 */

const Decimal = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_UP });
type Decimal = DecimalJs;
const ZERO = new Decimal(0);
const HALF_UP = DecimalJs.ROUND_HALF_UP;
const HALF_DOWN = DecimalJs.ROUND_HALF_DOWN;

export interface ReferenceRate {
  id: number;
  /** Percent, e.g. "9.975". */
  rate: string;
  compound: boolean;
  shipping: boolean;
}

export interface ReferenceSettings {
  dp: number;
  pricesIncludeTax: boolean;
  roundAtSubtotal: boolean;
  sequential: boolean;
  /** `inherit` or a class (`''` = standard). */
  shippingTaxClass: string;
  /** Configured class order, standard (`''`) first. */
  classOrder: readonly string[];
  /** Rates matched at the order's location, per class, in priority order (§6.3). */
  rates: ReadonlyMap<string, readonly ReferenceRate[]>;
  /** The store's base rates per class (§6.5), for prices entered including tax. */
  baseRates: ReadonlyMap<string, readonly ReferenceRate[]>;
}

export interface ReferenceLine {
  /** The catalogue price of one unit, as entered (gross when prices include tax). */
  unitPrice: string;
  quantity: number;
  taxable: boolean;
  taxClass: string;
}

export interface ReferenceCoupon {
  code: string;
  type: 'percent' | 'fixed_cart' | 'fixed_product';
  amount: string;
  limit: number | null;
  /** Per line: may the coupon discount it. */
  eligible: readonly boolean[];
}

export interface ReferenceFee {
  total: string;
  taxable: boolean;
  taxClass: string;
}

export interface ReferenceCart {
  lines: readonly ReferenceLine[];
  coupons: readonly ReferenceCoupon[];
  fees: readonly ReferenceFee[];
  shipping: readonly string[];
}

/** The amounts as the REST answer formats them (strings to `dp` places), or the fee Tillbase refuses. */
export interface ReferenceAnswer {
  refusedFee?: number;
  /**
   * The order amounts that WooCommerce works out as a difference of two sums (discount_total,
   * discount_tax) whose exact value lies on a half cent: its binary floats may land either side.
   */
  halfCents?: Array<'discount_total' | 'discount_tax'>;
  lines: Array<{ subtotal: string; total: string; subtotal_tax: string; total_tax: string }>;
  fees: Array<{ total: string; total_tax: string }>;
  shipping: Array<{ total: string; total_tax: string }>;
  coupons: Array<{ code: string; discount: string; discount_tax: string }>;
  /** Per rate id. */
  taxLines: Record<number, { tax_total: string; shipping_tax_total: string }>;
  order: { discount_total: string; discount_tax: string; shipping_total: string; shipping_tax: string; cart_tax: string; total_tax: string; total: string };
}

type Taxes = Map<number, Decimal>;

const pct = (rate: ReferenceRate) => new Decimal(rate.rate).div(100);

/** §6.4 exclusive: non-compound rates on the price, then compound ones on price + taxes so far; 6 dp. */
export function exclusiveTax(price: Decimal, rates: readonly ReferenceRate[]): Taxes {
  const taxes: Taxes = new Map();
  for (const rate of rates) if (!rate.compound) taxes.set(rate.id, price.times(pct(rate)));
  for (const rate of rates) {
    if (!rate.compound) continue;
    let sofar = ZERO;
    for (const value of taxes.values()) sofar = sofar.plus(value);
    taxes.set(rate.id, price.plus(sofar).times(pct(rate)));
  }
  return round6(taxes);
}

/** §6.4 inclusive: compound rates peeled off in reverse priority order, then the non-compound share; 6 dp. */
export function inclusiveTax(price: Decimal, rates: readonly ReferenceRate[]): Taxes {
  const taxes: Taxes = new Map();
  let net = price;
  for (const rate of [...rates].reverse()) {
    if (!rate.compound) continue;
    const tax = net.minus(net.div(pct(rate).plus(1)));
    taxes.set(rate.id, tax);
    net = net.minus(tax);
  }
  let regular = new Decimal(1);
  for (const rate of rates) if (!rate.compound) regular = regular.plus(pct(rate));
  for (const rate of rates) if (!rate.compound) taxes.set(rate.id, pct(rate).div(regular).times(net));
  return round6(taxes);
}

function round6(taxes: Taxes): Taxes {
  return new Map([...taxes].map(([id, value]) => [id, value.toDecimalPlaces(6, HALF_UP)]));
}

const total = (taxes: Taxes) => [...taxes.values()].reduce((sum, value) => sum.plus(value), ZERO);

export function referenceTotals(settings: ReferenceSettings, cart: ReferenceCart): ReferenceAnswer {
  const { dp } = settings;
  const cents = new Decimal(10).pow(dp);
  // §6.2: tax rounds half-down when prices include tax, else half-up; a discount rounds half-down.
  const roundTax = (value: Decimal) => value.toDecimalPlaces(dp, settings.pricesIncludeTax ? HALF_DOWN : HALF_UP);
  const round = (value: Decimal) => value.toDecimalPlaces(dp, HALF_UP);
  const termOf = (value: Decimal) => (settings.roundAtSubtotal ? value : roundTax(value));
  const ratesOf = (taxClass: string) => settings.rates.get(taxClass) ?? [];
  const show = (value: Decimal) => value.toFixed(dp, HALF_UP);

  // §6.5: the ex-tax line price; the store's base rates take the tax out of a gross price, unrounded.
  const subtotals = cart.lines.map((line) => {
    const gross = new Decimal(line.unitPrice).times(line.quantity);
    if (!settings.pricesIncludeTax || !line.taxable) return gross;
    return gross.minus(total(inclusiveTax(gross, settings.baseRates.get(line.taxClass) ?? [])));
  });
  const subtotalTaxes = cart.lines.map((line, index) =>
    line.taxable ? exclusiveTax(subtotals[index] as Decimal, ratesOf(line.taxClass)) : new Map<number, Decimal>(),
  );
  const lineTaxSum = (taxes: Taxes) => [...taxes.values()].reduce((sum, value) => sum.plus(termOf(value)), ZERO);

  // §6.7 steps 1-3: coupons in minor units, on the items sorted by unit price, dearest first.
  const price = cart.lines.map((line, index) => {
    const base = (subtotals[index] as Decimal).plus(settings.pricesIncludeTax ? lineTaxSum(subtotalTaxes[index] as Taxes) : 0);
    return base.times(cents).toDecimalPlaces(4, HALF_UP);
  });
  const unitPrice = (index: number) => {
    const quantity = (cart.lines[index] as ReferenceLine).quantity;
    return (price[index] as Decimal).div(quantity > 1 ? quantity : 1);
  };
  const sorted = cart.lines.map((_, index) => index).sort((a, b) => unitPrice(b).comparedTo(unitPrice(a)));
  const given = cart.lines.map(() => ZERO);
  const available = (index: number) =>
    (price[index] as Decimal)
      .minus(given[index] as Decimal)
      .toDecimalPlaces(0, HALF_UP)
      .abs();
  const couponDiscounts = cart.coupons.map(() => cart.lines.map(() => ZERO));

  // What the lines had been given before the last coupon, for a negative fee's split.
  let givenBeforeLast = [...given];
  cart.coupons.forEach((coupon, couponIndex) => {
    givenBeforeLast = [...given];
    const mine = couponDiscounts[couponIndex] as Decimal[];
    const give = (index: number, amount: Decimal) => {
      mine[index] = (mine[index] as Decimal).plus(amount);
      given[index] = (given[index] as Decimal).plus(amount);
    };
    const quantity = (index: number) => (cart.lines[index] as ReferenceLine).quantity;
    const items = sorted.filter((index) => coupon.eligible[index] === true && quantity(index) > 0 && !available(index).isZero());
    const amountCents = new Decimal(coupon.amount).times(cents).toDecimalPlaces(4, HALF_UP);

    // "Hand out the shortfall 1 cent per unit, in sort order."
    const oneCentEach = (indexes: readonly number[], amount: Decimal): Decimal => {
      let handed = ZERO;
      for (const index of indexes) {
        for (let unit = 0; unit < quantity(index); unit++) {
          const cent = Decimal.min(available(index), 1);
          give(index, cent);
          handed = handed.plus(cent);
          if (handed.gte(amount)) return handed;
        }
      }
      return handed;
    };

    // fixed_product: amount × qty, capped; with an item limit min(amount, unit price) × allowed units.
    const fixedProduct = (indexes: readonly number[], amount: Decimal): Decimal => {
      let handed = ZERO;
      let units = 0;
      for (const index of indexes) {
        let discount: Decimal;
        if (coupon.limit !== null && coupon.limit > 0) {
          const allowed = Math.max(0, Math.min(coupon.limit - units, quantity(index)));
          discount = Decimal.min(amount, (price[index] as Decimal).div(quantity(index))).times(allowed);
          units += allowed;
        } else {
          discount = amount.times(quantity(index));
          units += quantity(index);
        }
        discount = Decimal.min(available(index), discount);
        give(index, discount);
        handed = handed.plus(discount);
      }
      return handed;
    };

    const fixedCart = (indexes: readonly number[], amount: Decimal): Decimal => {
      const priced = indexes.filter((index) => available(index).gt(0));
      const count = priced.reduce((sum, index) => sum + quantity(index), 0);
      if (count === 0 || amount.isZero()) return ZERO;
      const perUnit = amount.div(count).floor();
      if (perUnit.isZero()) return oneCentEach(priced, amount);
      let handed = fixedProduct(priced, perUnit);
      // "While something was applied and the amount is not used up, repeat with the remainder."
      if (handed.gt(0) && handed.lt(amount)) handed = handed.plus(fixedCart(priced, amount.minus(handed)));
      return handed;
    };

    if (coupon.type === 'percent') {
      const share = new Decimal(coupon.amount).div(100);
      let sumP = ZERO;
      let handed = ZERO;
      let units = 0;
      for (const index of items) {
        let p = settings.sequential ? available(index) : (price[index] as Decimal).toDecimalPlaces(0, HALF_UP);
        if (coupon.limit !== null && coupon.limit > 0) {
          const allowed = Math.max(0, Math.min(coupon.limit - units, quantity(index)));
          p = p.div(quantity(index)).times(allowed);
          units += allowed;
        }
        const discount = Decimal.min(p.times(share).floor(), available(index)).toDecimalPlaces(0, HALF_DOWN);
        give(index, discount);
        handed = handed.plus(discount);
        sumP = sumP.plus(p);
      }
      const whole = sumP.times(share).toDecimalPlaces(0, HALF_DOWN);
      if (handed.lt(whole)) oneCentEach(items, whole.minus(handed));
    } else if (coupon.type === 'fixed_product') {
      fixedProduct(items, amountCents);
    } else {
      fixedCart(items, amountCents);
    }
  });

  // §6.7 step 4: each item's total loses its discount (ex tax: a gross discount loses its tax, unrounded).
  const totalsAfter = (discounts: readonly Decimal[]) =>
    cart.lines.map((line, index) => {
      const discount = (discounts[index] as Decimal).div(cents);
      const exTax = settings.pricesIncludeTax && line.taxable ? discount.minus(total(inclusiveTax(discount, ratesOf(line.taxClass)))) : discount;
      return Decimal.max(0, (subtotals[index] as Decimal).minus(exTax));
    });
  const totals = totalsAfter(given);
  const totalsBeforeLastCoupon = totalsAfter(givenBeforeLast);

  // §6.7 step 5: the coupon lines.
  const coupons = cart.coupons.map((coupon, couponIndex) => {
    let discount = ZERO;
    let discountTax = ZERO;
    (couponDiscounts[couponIndex] as Decimal[]).forEach((minor, index) => {
      const amount = minor.div(cents);
      discount = discount.plus(amount);
      const line = cart.lines[index] as ReferenceLine;
      if (!line.taxable || amount.isZero()) return;
      const taxes = settings.pricesIncludeTax ? inclusiveTax(amount, ratesOf(line.taxClass)) : exclusiveTax(amount, ratesOf(line.taxClass));
      discountTax = discountTax.plus(settings.roundAtSubtotal ? total(taxes) : roundTax(total(taxes)));
    });
    if (settings.pricesIncludeTax) discount = discount.minus(discountTax);
    return { code: coupon.code, discount: show(discount), discount_tax: show(discountTax) };
  });

  // §6.6 steps 1-3.
  const roundItem = (value: Decimal) => (settings.roundAtSubtotal ? value : round(value));
  const cartSubtotal = subtotals.reduce((sum: Decimal, value) => sum.plus(roundItem(value)), ZERO);
  const cartTotal = totals.reduce((sum: Decimal, value) => sum.plus(roundItem(value)), ZERO);
  const shippingTotal = cart.shipping.reduce((sum: Decimal, value) => sum.plus(round(new Decimal(value))), ZERO);
  let feesTotal = ZERO;
  let refusedFee: number | undefined;
  cart.fees.forEach((fee, index) => {
    const amount = new Decimal(fee.total);
    const floor = round(cartTotal.plus(feesTotal).plus(shippingTotal)).negated();
    // WooCommerce clamps such a fee; Tillbase refuses it (kept by decision).
    if (amount.lt(floor) && refusedFee === undefined) refusedFee = index;
    feesTotal = feesTotal.plus(amount);
  });

  // §6.6 step 4.
  const totalTaxes = cart.lines.map((line, index) =>
    line.taxable ? exclusiveTax(totals[index] as Decimal, ratesOf(line.taxClass)) : new Map<number, Decimal>(),
  );
  const linesTaxClasses = cart.lines.filter((line) => line.taxable).map((line) => line.taxClass);
  const inheritedShipping = settings.classOrder.find((taxClass) => linesTaxClasses.includes(taxClass));
  const shippingClass = settings.shippingTaxClass === 'inherit' ? inheritedShipping : settings.shippingTaxClass;
  // §6.6 last paragraph: the shipping cost of a negative fee's split sits under the first taxable line's class.
  const splitShippingClass = settings.shippingTaxClass === 'inherit' ? linesTaxClasses[0] : settings.shippingTaxClass;

  const feeTaxes = cart.fees.map((fee): Taxes => {
    const amount = new Decimal(fee.total);
    // A negative fee is split whatever its own tax status (WooCommerce 10.0.2's calculate_taxes for a
    // negative total never reads it; §6.6 says "taxable", the shop does not).
    if (!amount.isNegative()) return fee.taxable ? exclusiveTax(amount, ratesOf(fee.taxClass)) : new Map();
    const costs = new Map<string | null, Decimal>();
    const count = (taxClass: string | null, cost: Decimal) => {
      if (cost.isNegative()) return;
      costs.set(taxClass, (costs.get(taxClass) ?? ZERO).plus(cost));
    };
    cart.lines.forEach((line, index) => {
      count(line.taxable ? line.taxClass : null, totalsBeforeLastCoupon[index] as Decimal);
    });
    for (const other of cart.fees) count(other.taxable ? other.taxClass : null, new Decimal(other.total));
    for (const shipping of cart.shipping) count(splitShippingClass ?? null, new Decimal(shipping));
    const all = [...costs.values()].reduce((sum, value) => sum.plus(value), ZERO);
    const taxes: Taxes = new Map();
    if (all.isZero()) return taxes;
    for (const [taxClass, cost] of costs) {
      if (taxClass === null) continue;
      for (const [id, tax] of exclusiveTax(amount.times(cost).div(all), ratesOf(taxClass))) taxes.set(id, (taxes.get(id) ?? ZERO).plus(tax));
    }
    return taxes;
  });
  const shippingRates = shippingClass === undefined ? [] : ratesOf(shippingClass).filter((rate) => rate.shipping);
  const shippingTaxes = cart.shipping.map((amount) => exclusiveTax(new Decimal(amount), shippingRates));

  const cartTaxes = new Map<number, Decimal>();
  const shippingTaxTotals = new Map<number, Decimal>();
  for (const taxes of [...totalTaxes, ...feeTaxes]) for (const [id, tax] of taxes) cartTaxes.set(id, (cartTaxes.get(id) ?? ZERO).plus(termOf(tax)));
  for (const taxes of shippingTaxes) for (const [id, tax] of taxes) shippingTaxTotals.set(id, (shippingTaxTotals.get(id) ?? ZERO).plus(termOf(tax)));
  const cartTax = total(cartTaxes);
  const shippingTax = total(shippingTaxTotals);
  const taxLines: ReferenceAnswer['taxLines'] = {};
  for (const id of new Set([...cartTaxes.keys(), ...shippingTaxTotals.keys()])) {
    taxLines[id] = { tax_total: show(cartTaxes.get(id) ?? ZERO), shipping_tax_total: show(shippingTaxTotals.get(id) ?? ZERO) };
  }

  // §6.6 step 5: the discount tax from unrounded product-line taxes.
  const exactDiscountTax = subtotalTaxes
    .reduce((sum: Decimal, taxes) => sum.plus(total(taxes)), ZERO)
    .minus(totalTaxes.reduce((sum: Decimal, taxes) => sum.plus(total(taxes)), ZERO));
  const discountTax = roundTax(exactDiscountTax);
  const onHalfCent = (value: Decimal) => value.times(cents).minus(value.times(cents).trunc()).abs().eq(0.5);
  const halfCents = (
    [
      ['discount_total', cartSubtotal.minus(cartTotal)],
      ['discount_tax', exactDiscountTax],
    ] as const
  ).flatMap(([field, value]) => (onHalfCent(value) ? [field] : []));

  return {
    ...(refusedFee === undefined ? {} : { refusedFee }),
    ...(halfCents.length === 0 ? {} : { halfCents }),
    lines: cart.lines.map((_, index) => ({
      subtotal: show(subtotals[index] as Decimal),
      total: show(totals[index] as Decimal),
      subtotal_tax: show(lineTaxSum(subtotalTaxes[index] as Taxes)),
      total_tax: show(lineTaxSum(totalTaxes[index] as Taxes)),
    })),
    fees: cart.fees.map((fee, index) => ({ total: show(new Decimal(fee.total)), total_tax: show(lineTaxSum(feeTaxes[index] as Taxes)) })),
    shipping: cart.shipping.map((amount, index) => ({ total: show(new Decimal(amount)), total_tax: show(lineTaxSum(shippingTaxes[index] as Taxes)) })),
    coupons,
    taxLines,
    order: {
      discount_total: show(round(cartSubtotal.minus(cartTotal))),
      discount_tax: show(discountTax),
      shipping_total: show(shippingTotal),
      shipping_tax: show(shippingTax),
      cart_tax: show(cartTax),
      total_tax: show(round(cartTax.plus(shippingTax))),
      total: show(round(cartTotal.plus(feesTotal).plus(shippingTotal).plus(cartTax).plus(shippingTax))),
    },
  };
}
