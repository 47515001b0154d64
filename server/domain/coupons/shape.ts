import { gmtToLocal } from '../../model/dates.js';
import { formatMoney } from '../../model/money.js';
import type { CouponRecord } from '../../model/coupons/types.js';

/** Amounts are written at the price decimals; an unset bound is zero, as WooCommerce's `wc_format_decimal` shows it. */
const amount = (value: string, dp: number): string => formatMoney(value === '' ? '0' : value, dp);

/** A coupon in the WooCommerce v2/v3 shape (woocommerce-reference §2.5). */
export function shapeCoupon(record: CouponRecord, apiBase: string, store: { timezone: string; price_num_decimals: number }) {
  const dp = store.price_num_decimals;
  return {
    id: record.id,
    code: record.code,
    amount: amount(record.amount, dp),
    status: record.status,
    date_created: gmtToLocal(record.date_created_gmt, store.timezone),
    date_created_gmt: record.date_created_gmt,
    date_modified: gmtToLocal(record.date_modified_gmt, store.timezone),
    date_modified_gmt: record.date_modified_gmt,
    discount_type: record.discount_type,
    description: record.description,
    date_expires: gmtToLocal(record.date_expires_gmt, store.timezone),
    date_expires_gmt: record.date_expires_gmt,
    usage_count: record.usage_count,
    individual_use: record.individual_use,
    product_ids: record.product_ids,
    excluded_product_ids: record.excluded_product_ids,
    usage_limit: record.usage_limit,
    usage_limit_per_user: record.usage_limit_per_user,
    limit_usage_to_x_items: record.limit_usage_to_x_items,
    free_shipping: record.free_shipping,
    product_categories: record.product_categories,
    excluded_product_categories: record.excluded_product_categories,
    exclude_sale_items: record.exclude_sale_items,
    minimum_amount: amount(record.minimum_amount, dp),
    maximum_amount: amount(record.maximum_amount, dp),
    email_restrictions: record.email_restrictions,
    used_by: record.used_by,
    meta_data: record.meta_data,
    _links: { self: [{ href: `${apiBase}/coupons?include=${record.id}` }], collection: [{ href: `${apiBase}/coupons` }] },
  };
}
