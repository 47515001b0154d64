import { Decimal, HALF_DOWN, HALF_UP } from '../../model/money.js';
import type { DiscountType } from '../../model/coupons/types.js';
import type { DecimalInput } from '../taxes/calc.js';
import { sumQuantities } from './quantities.js';

/** One order line as WC_Discounts sees it: its whole-line price in minor units (cents) and its quantity. */
export interface DiscountItem {
  /** Subtotal (plus subtotal tax when prices include tax), in minor units, kept to 4 places. */
  price: Decimal;
  quantity: number;
}

export interface DiscountCoupon {
  code: string;
  discountType: DiscountType;
  amount: string;
  limitUsageToXItems: number | null;
  /** Per item (same order as the items): may this coupon discount it (WC_Coupon::is_valid_for_product, or a cart coupon). */
  eligible: readonly boolean[];
}

/** Discounts per coupon code, per item index, in minor units. */
export type CouponDiscounts = Map<string, Decimal[]>;

const ZERO = new Decimal(0);

/**
 * WC_Discounts (woocommerce-reference §6.7 step 2-3), in minor units: coupons are applied in order
 * to the items sorted by unit price (descending, ties keep their order), each coupon seeing what
 * earlier ones left.
 */
export function applyCoupons(items: readonly DiscountItem[], coupons: readonly DiscountCoupon[], dp: number, sequential: boolean): CouponDiscounts {
  const order = discountOrder(items);
  const discounts: CouponDiscounts = new Map();
  const given = items.map(() => ZERO);

  const discountedPrice = (index: number): Decimal =>
    (items[index] as DiscountItem).price
      .minus(given[index] as Decimal)
      .toDecimalPlaces(0, HALF_UP)
      .abs()
      .floor();

  for (const coupon of coupons) {
    const perItem = discounts.get(coupon.code) ?? items.map(() => ZERO);
    discounts.set(coupon.code, perItem);
    const add = (index: number, amount: Decimal) => {
      perItem[index] = (perItem[index] as Decimal).plus(amount);
      given[index] = (given[index] as Decimal).plus(amount);
    };
    const toApply = order.filter((index) => coupon.eligible[index] === true && (items[index] as DiscountItem).quantity > 0 && !discountedPrice(index).isZero());
    const amountInMinor = new Decimal(coupon.amount === '' ? 0 : coupon.amount)
      .times(new Decimal(10).pow(dp))
      .toDecimalPlaces(internalMinorPlaces(dp), HALF_UP);
    const limit = coupon.limitUsageToXItems ?? 0;

    const remainder = (indexes: readonly number[], amount: Decimal): Decimal => {
      let total = ZERO;
      for (const index of indexes) {
        for (let unit = 0; unit < (items[index] as DiscountItem).quantity; unit++) {
          const discount = Decimal.min(discountedPrice(index), 1);
          total = total.plus(discount);
          add(index, discount);
          if (total.gte(amount)) return total;
        }
      }
      return total;
    };

    const fixedProduct = (indexes: readonly number[], amount: Decimal): Decimal => {
      let total = ZERO;
      let applied = ZERO;
      for (const index of indexes) {
        const item = items[index] as DiscountItem;
        const available = discountedPrice(index);
        let discount: Decimal;
        if (limit > 0) {
          const quantity = unitsWithinLimit(limit, applied, item.quantity);
          discount = Decimal.min(amount, item.price.div(item.quantity)).times(quantity);
          applied = applied.plus(quantity);
        } else {
          discount = amount.times(item.quantity);
          applied = applied.plus(item.quantity);
        }
        // A weighed line (0.755 kg) would take a fraction of a cent: its discount is whole cents, as integer quantities give.
        if (!Number.isInteger(item.quantity)) discount = discount.floor();
        discount = Decimal.min(available, discount);
        total = total.plus(discount);
        add(index, discount);
      }
      return total;
    };

    const fixedCart = (indexes: readonly number[], amount: Decimal): Decimal => {
      const withPrice = indexes.filter((index) => discountedPrice(index).gt(0));
      const count = sumQuantities(withPrice.map((index) => (items[index] as DiscountItem).quantity));
      if (count.isZero() || amount.isZero()) return ZERO;
      const perUnit = amount.div(count).floor();
      if (perUnit.gt(0)) {
        let total = fixedProduct(withPrice, perUnit);
        // Whatever the per-unit share could not place (capped lines) goes round again; cents that
        // whole-cent shares of weighed lines cannot place go out one by one.
        if (total.gt(0) && total.lt(amount)) total = total.plus(fixedCart(withPrice, amount.minus(total)));
        else if (total.isZero()) total = remainder(withPrice, amount);
        return total;
      }
      return amount.gt(0) ? remainder(withPrice, amount) : ZERO;
    };

    if (coupon.discountType === 'percent') {
      const percent = new Decimal(coupon.amount === '' ? 0 : coupon.amount).div(100);
      let total = ZERO;
      let base = ZERO;
      let applied = ZERO;
      for (const index of toApply) {
        const item = items[index] as DiscountItem;
        const available = discountedPrice(index);
        let price = sequential ? available : item.price.toDecimalPlaces(0, HALF_UP);
        const quantity = limit > 0 ? unitsWithinLimit(limit, applied, item.quantity) : new Decimal(item.quantity);
        // Scaled only for a limit, as WooCommerce does: 40 / 3 × 3 is 39.99… in decimals, and its floored
        // 12.5 % gave a cent less than WooCommerce's 5 (a random cart of the property test found it).
        if (limit > 0) price = price.div(item.quantity).times(quantity);
        const discount = Decimal.min(available, price.times(percent).floor()).toDecimalPlaces(0, HALF_DOWN);
        base = base.plus(price);
        total = total.plus(discount);
        applied = applied.plus(quantity);
        add(index, discount);
      }
      // The whole cart's discount, rounded once, may exceed the floored line discounts: hand out the cents.
      const cartDiscount = base.times(percent).toDecimalPlaces(0, HALF_DOWN);
      if (total.lt(cartDiscount)) remainder(toApply, cartDiscount.minus(total));
    } else if (coupon.discountType === 'fixed_product') {
      fixedProduct(toApply, amountInMinor);
    } else {
      fixedCart(toApply, amountInMinor);
    }
  }
  return discounts;
}

/**
 * The order coupons visit the items in (WC_Discounts::sort_by_price): unit price, dearest first,
 * ties in line order. The percent remainder cents, the fixed-cart passes and
 * `limit_usage_to_x_items` all follow it, so a coupon limited to 2 items takes the 2 dearest units.
 * WooCommerce divides by the quantity only above 1, so a weighed line of under a unit sorts by its
 * whole price. Compared by cross-multiplying, which is exact where a division would round.
 */
export function discountOrder(items: readonly DiscountItem[]): number[] {
  const divisor = (item: DiscountItem) => new Decimal(item.quantity > 1 ? item.quantity : 1);
  return items
    .map((_, index) => index)
    .sort((a, b) => {
      const itemA = items[a] as DiscountItem;
      const itemB = items[b] as DiscountItem;
      return itemB.price.times(divisor(itemA)).comparedTo(itemA.price.times(divisor(itemB)));
    });
}

/** How many of a line's units a coupon limited to `limit` items may still discount, `applied` having been discounted already. */
function unitsWithinLimit(limit: number, applied: Decimal, quantity: number): Decimal {
  const left = new Decimal(limit).minus(applied);
  return Decimal.max(0, left.lt(quantity) ? left : new Decimal(quantity));
}

/** `wc_add_number_precision` keeps minor units to (internal precision − price decimals) places. */
export function internalMinorPlaces(dp: number): number {
  return Math.max(dp + 2, 6) - dp;
}

export function toMinor(value: DecimalInput, dp: number): Decimal {
  return new Decimal(value).times(new Decimal(10).pow(dp)).toDecimalPlaces(internalMinorPlaces(dp), HALF_UP);
}

export function fromMinor(value: Decimal, dp: number): Decimal {
  return value.div(new Decimal(10).pow(dp));
}
