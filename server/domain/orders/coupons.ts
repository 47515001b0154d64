import type { CouponRecord } from '../../model/coupons/types.js';
import { fromGmt } from '../../model/dates.js';
import { badRequest, type ApiError } from '../errors.js';
import { Decimal, formatMoney } from '../../model/money.js';

/** What a coupon rule needs to know about an order line's product. */
export interface CouponProduct {
  /** The product id and, for a variation, its own id too. */
  ids: number[];
  categoryIds: number[];
  onSale: boolean;
}

export interface CouponOrderContext {
  /** WC_Discounts::get_object_subtotal: the line subtotals, plus their tax when prices include tax. */
  subtotal: Decimal;
  customerId: number;
  billingEmail: string;
  lineProducts: ReadonlyArray<CouponProduct | undefined>;
  /** Every coupon on the order, to enforce `individual_use`. */
  codes: readonly string[];
  couponsEnabled: boolean;
  nowGmt: string;
  dp: number;
}

/** Coupon failures as WooCommerce reports them from the REST API: `woocommerce_rest_invalid_coupon`, with the specific reason in `data.reason`. */
export function couponError(reason: string, message: string, code: string): ApiError {
  return badRequest('woocommerce_rest_invalid_coupon', message, { reason, coupon: code });
}

const NOT_APPLICABLE = 'Sorry, this coupon is not applicable to selected products.';

/** WC_Coupon::is_valid_for_product: restrictions of a `percent` or `fixed_product` coupon on one line. */
export function validForProduct(coupon: CouponRecord, product: CouponProduct | undefined): boolean {
  if (!product) return false;
  const listed = (ids: readonly number[], wanted: readonly number[]) => wanted.some((id) => ids.includes(id));
  let valid = false;
  if (coupon.product_ids.length > 0 && listed(coupon.product_ids, product.ids)) valid = true;
  if (coupon.product_categories.length > 0 && listed(coupon.product_categories, product.categoryIds)) valid = true;
  if (coupon.product_ids.length === 0 && coupon.product_categories.length === 0) valid = true;
  if (coupon.excluded_product_ids.length > 0 && listed(coupon.excluded_product_ids, product.ids)) valid = false;
  if (coupon.excluded_product_categories.length > 0 && listed(coupon.excluded_product_categories, product.categoryIds)) valid = false;
  if (coupon.exclude_sale_items && product.onSale) valid = false;
  return valid;
}

/** Per line: may the coupon discount it. A cart coupon (`fixed_cart`) spreads over every line (WC_Discounts). */
export function eligibleLines(coupon: CouponRecord, products: ReadonlyArray<CouponProduct | undefined>): boolean[] {
  return products.map((product) => coupon.discount_type === 'fixed_cart' || validForProduct(coupon, product));
}

/** `*@example.com` style patterns of `email_restrictions`. */
function emailAllowed(restrictions: readonly string[], email: string): boolean {
  const address = email.trim().toLowerCase();
  return restrictions.some((pattern) => {
    const expression = new RegExp(
      `^${pattern
        .trim()
        .toLowerCase()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')}$`,
    );
    return expression.test(address);
  });
}

/**
 * WC_Discounts::is_coupon_valid for an order, in WooCommerce's order of checks: published, usage
 * limits, expiry, spend bounds, product and category lists, excluded and sale items, email
 * restrictions, and `individual_use`.
 */
export function validateCoupon(code: string, coupon: CouponRecord | undefined, order: CouponOrderContext): CouponRecord {
  if (!order.couponsEnabled) throw couponError('coupons_disabled', 'Coupons are disabled in this store.', code);
  if (!coupon || coupon.status !== 'publish') throw couponError('coupon_not_found', `Coupon "${code}" does not exist!`, code);
  if (coupon.usage_limit !== null && coupon.usage_limit > 0 && coupon.usage_count >= coupon.usage_limit) {
    throw couponError('usage_limit_reached', 'Coupon usage limit has been reached.', code);
  }
  if (coupon.usage_limit_per_user !== null && coupon.usage_limit_per_user > 0) {
    const users = [order.customerId > 0 ? String(order.customerId) : '', order.billingEmail.toLowerCase()].filter((user) => user !== '');
    const uses = coupon.used_by.filter((user) => users.includes(user.toLowerCase())).length;
    if (users.length > 0 && uses >= coupon.usage_limit_per_user)
      throw couponError('usage_limit_per_user_reached', 'Coupon usage limit has been reached.', code);
  }
  if (coupon.date_expires_gmt !== null && fromGmt(coupon.date_expires_gmt).getTime() < fromGmt(order.nowGmt).getTime()) {
    throw couponError('expired', 'This coupon has expired.', code);
  }
  if (coupon.minimum_amount !== '' && new Decimal(coupon.minimum_amount).gt(0) && new Decimal(coupon.minimum_amount).gt(order.subtotal)) {
    throw couponError('minimum_amount', `The minimum spend for this coupon is ${formatMoney(coupon.minimum_amount, order.dp)}.`, code);
  }
  if (coupon.maximum_amount !== '' && new Decimal(coupon.maximum_amount).gt(0) && new Decimal(coupon.maximum_amount).lt(order.subtotal)) {
    throw couponError('maximum_amount', `The maximum spend for this coupon is ${formatMoney(coupon.maximum_amount, order.dp)}.`, code);
  }
  const products = order.lineProducts.filter((product): product is CouponProduct => product !== undefined);
  if (coupon.product_ids.length > 0 && !products.some((product) => product.ids.some((id) => coupon.product_ids.includes(id)))) {
    throw couponError('not_applicable', NOT_APPLICABLE, code);
  }
  if (coupon.product_categories.length > 0 && !products.some((product) => product.categoryIds.some((id) => coupon.product_categories.includes(id)))) {
    throw couponError('not_applicable', NOT_APPLICABLE, code);
  }
  if (coupon.discount_type === 'fixed_cart') {
    // A cart coupon must not be used with items it excludes.
    for (const product of products) {
      if (
        product.ids.some((id) => coupon.excluded_product_ids.includes(id)) ||
        product.categoryIds.some((id) => coupon.excluded_product_categories.includes(id))
      ) {
        throw couponError('excluded_items', NOT_APPLICABLE, code);
      }
      if (coupon.exclude_sale_items && product.onSale) throw couponError('sale_items', 'Sorry, this coupon is not valid for sale items.', code);
    }
  } else if (!products.some((product) => validForProduct(coupon, product))) {
    throw couponError('not_applicable', NOT_APPLICABLE, code);
  }
  if (coupon.email_restrictions.length > 0 && !emailAllowed(coupon.email_restrictions, order.billingEmail)) {
    throw couponError('email_restricted', `Please enter a valid email to use coupon code "${code}".`, code);
  }
  if (order.codes.length > 1 && coupon.individual_use) {
    throw couponError('individual_use', `Sorry, coupon "${code}" cannot be used in conjunction with other coupons.`, code);
  }
  return coupon;
}
