import type { MetaData } from '../stores.js';

export const DISCOUNT_TYPES = ['percent', 'fixed_cart', 'fixed_product'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A coupon as stored, decoded: amounts are decimal strings (`''` when unset), limits are null when unlimited. */
export interface CouponRecord {
  id: number;
  code: string;
  amount: string;
  discount_type: DiscountType;
  status: string;
  description: string;
  date_expires_gmt: string | null;
  usage_count: number;
  individual_use: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  product_categories: number[];
  excluded_product_categories: number[];
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  free_shipping: boolean;
  exclude_sale_items: boolean;
  minimum_amount: string;
  maximum_amount: string;
  email_restrictions: string[];
  /** User ids (as strings) or guest emails, once per use. */
  used_by: string[];
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
}
