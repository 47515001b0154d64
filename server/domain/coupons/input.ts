import { z } from 'zod';
import { nonNegativeMoneyInput } from '../../model/money.js';
import { metaDataSchema } from '../../model/stores.js';
import { DISCOUNT_TYPES } from '../../model/coupons/types.js';

const ids = z.array(z.number().int('must be an integer').positive('must be an id')).max(1000);
const limit = z.number().int('must be an integer').min(0, 'must be 0 (no limit) or more').nullable();
const dateTime = z
  .union([
    z.null(),
    z.literal(''),
    z.string().refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date-time'),
  ])
  .transform((value) => {
    if (value === null || value === '') return null;
    const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value);
    return new Date(zoned ? value : `${value.length === 10 ? `${value}T00:00:00` : value}Z`).toISOString().slice(0, 19);
  });

/** Coupon writes in the WooCommerce v2/v3 shape (woocommerce-reference §2.5); every field optional for an update. */
export const couponInputSchema = z
  .object({
    code: z.string().trim().min(1, 'code must not be empty').max(200),
    amount: nonNegativeMoneyInput,
    discount_type: z.enum(DISCOUNT_TYPES),
    status: z.enum(['publish', 'draft', 'pending', 'private']),
    description: z.string().max(5000),
    date_expires: dateTime,
    date_expires_gmt: dateTime,
    individual_use: z.boolean(),
    product_ids: ids,
    excluded_product_ids: ids,
    usage_limit: limit,
    usage_limit_per_user: limit,
    limit_usage_to_x_items: limit,
    free_shipping: z.boolean(),
    product_categories: ids,
    excluded_product_categories: ids,
    exclude_sale_items: z.boolean(),
    minimum_amount: nonNegativeMoneyInput,
    maximum_amount: nonNegativeMoneyInput,
    email_restrictions: z.array(z.string().trim().min(1).max(254)).max(1000),
    meta_data: metaDataSchema.max(200),
  })
  .partial();
export type CouponInput = z.output<typeof couponInputSchema>;
