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
  payments?: Payment[];
  amount_paid?: string;
  amount_due?: string;
}

/** One tender of a (split) payment, as the checkout state lists it. */
export interface Payment {
  gateway_id: string;
  amount: string;
  tendered: string | null;
  change: string;
  transaction_id: string;
}

/** A till of the store, with its open cash session (null when the drawer is closed). */
export interface Register {
  id: number;
  name: string;
  store_id: number;
  status: string;
  session: { id: number; opened_by: number; date_opened: string | null } | null;
}

/**
 * The open session's X report (`GET /registers/{id}/session`) or a Z report. A cashier's X report
 * is blind: it has no drawer, payments or refunds until the count is sent.
 */
export interface SessionReport {
  id?: number;
  report: 'X' | 'Z';
  blind?: boolean;
  register: { id: number; name: string };
  session: { id: number; opened_by: { id: number; name: string }; date_opened: string | null };
  sales: { count: number; gross: string; discounts: string; refunds: string; net: string; tax: string };
  cash_movements: Array<{ id: number; type: 'in' | 'out'; amount: string; reason: string }>;
  receipts: { count: number; first: string | null; last: string | null };
  drawer?: { opening_float: string; expected_cash: string };
  z_number?: number;
  counted_cash?: string;
  variance?: string;
}
