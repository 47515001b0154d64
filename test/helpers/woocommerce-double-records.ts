/**
 * The records of the WooCommerce double as WooCommerce answered them when observed
 * (docs/woocommerce-observed.md), and its refusal; the rules that change them are in
 * woocommerce-double-shop.ts.
 */

export interface Meta {
  id: number;
  key: string;
  value: unknown;
}
export interface DoubleProduct {
  id: number;
  name: string;
  type: 'simple' | 'variable' | 'variation';
  parent_id: number;
  sku: string;
  price: string;
  regular_price: string;
  sale_price: string;
  status: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  tax_class: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  variations: number[];
  meta_data: Meta[];
}
export interface DoubleLine {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  sku: string;
  price: number;
  subtotal: string;
  subtotal_tax: string;
  total: string;
  total_tax: string;
  meta_data: Meta[];
}
export interface DoubleOrder {
  id: number;
  number: string;
  status: string;
  created_via: string;
  currency: 'USD';
  prices_include_tax: false;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  date_completed_gmt: string | null;
  customer_id: number;
  billing: Record<string, string>;
  payment_method: string;
  payment_method_title: string;
  total: string;
  total_tax: string;
  discount_total: string;
  meta_data: Meta[];
  line_items: DoubleLine[];
  coupon_lines: Array<{ id: number; code: string; discount: string; discount_type: string; nominal_amount: number }>;
  refunds: Array<{ id: number; reason: string; total: string }>;
}
export interface DoubleRefund {
  id: number;
  parent_id: number;
  date_created_gmt: string;
  amount: string;
  reason: string;
  refunded_payment: false;
  meta_data: Meta[];
  line_items: Array<{ id: number; product_id: number; quantity: number; total: string; meta_data: Meta[] }>;
}
export interface DoubleCustomer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
  role: 'customer';
  date_created_gmt: string;
  date_modified_gmt: string;
  billing: Record<string, string>;
  meta_data: Meta[];
}
export interface DoubleCoupon {
  id: number;
  code: string;
  discount_type: string;
  amount: string;
  date_expires_gmt: string | null;
}

/** What WooCommerce answers when it refuses: `{code, message, data: {status, ...}}`. */
export class WooError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
