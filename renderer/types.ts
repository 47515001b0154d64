/** The shapes of the pos/v1 answers the till reads (WooCommerce v3), only the fields it uses. */
import type { PriceFormat } from './format.js';

export interface Product {
  id: number;
  name: string;
  sku: string;
  barcode: string;
  price: string;
  type: string;
  stock_status: string;
  images: Array<{ src: string; alt?: string }>;
  variations: number[];
  attributes: Array<{ name: string; options: string[]; variation: boolean }>;
  barcode_match?: { match: string; quantity?: string | null } | null;
}

export interface Variation {
  id: number;
  price: string;
  sku: string;
  stock_status: string;
  attributes: Array<{ name: string; option: string }>;
}

export interface Category {
  id: number;
  name: string;
  count: number;
}

export interface StoreInfo extends PriceFormat {
  id: number;
  name: string;
}

export interface LineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  subtotal: string;
  total: string;
  sku: string;
  price: number | string;
}

export interface FeeLine {
  id: number;
  name: string;
  total: string;
}

export interface ShippingLine {
  id: number;
  method_title: string;
  total: string;
}

export interface CouponLine {
  id: number;
  code: string;
  discount: string;
}

/** An order's `refunds[]` entry: `total` is negative, as WooCommerce writes it. */
export interface Refund {
  id: number;
  total: string;
  reason: string;
}

export interface Order {
  id: number;
  number: string;
  status: string;
  currency: string;
  date_created: string;
  total: string;
  total_tax: string;
  discount_total: string;
  shipping_total: string;
  customer_id: number;
  customer_note: string;
  billing: { first_name: string; last_name: string; email: string };
  payment_method: string;
  payment_method_title: string;
  line_items: LineItem[];
  fee_lines: FeeLine[];
  shipping_lines: ShippingLine[];
  coupon_lines: CouponLine[];
  refunds: Refund[];
}

export interface Customer {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
}

export interface Gateway {
  id: string;
  title: string;
  enabled: boolean;
  order: number;
}

/** `POST /orders/{id}/checkout`'s answer. */
export interface CheckoutState {
  order_id: number;
  status: string;
  gateway_id: string | null;
  provider_data: Record<string, unknown>;
  amount_paid?: string;
  amount_due?: string;
}
