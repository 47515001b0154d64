/**
 * An order as `GET /orders/{id}` answers it (woocommerce-reference §2.6): the return type of the
 * server's `shapeOrder` (server/domain/orders/shape.ts) and what the till reads.
 */
import type { BillingAddress, ItemMetaEntry, Link, LocalAndGmt, MetaDataEntry, SelfLinks, ShippingAddress } from './common.js';

/** Per-rate taxes of an item: unrounded decimal strings, as WooCommerce keeps them. */
export interface ItemTax {
  id: number;
  total: string;
  /** Product lines only. */
  subtotal: string;
}

export interface OrderLineItem {
  id: number;
  name: string;
  parent_name: string | null;
  product_id: number;
  variation_id: number;
  quantity: number;
  tax_class: string;
  subtotal: string;
  subtotal_tax: string;
  total: string;
  total_tax: string;
  taxes: ItemTax[];
  meta_data: ItemMetaEntry[];
  sku: string;
  /** The unit price after discounts, a JSON number as WooCommerce sends it. */
  price: number;
  image: { id: number; src: string };
}

export interface OrderTaxLine {
  id: number;
  rate_code: string;
  rate_id: number;
  label: string;
  compound: boolean;
  tax_total: string;
  shipping_tax_total: string;
  rate_percent: number;
  meta_data: ItemMetaEntry[];
}

export interface OrderShippingLine {
  id: number;
  method_title: string;
  method_id: string;
  instance_id: string;
  total: string;
  total_tax: string;
  taxes: Array<{ id: number; total: string }>;
  meta_data: ItemMetaEntry[];
}

export interface OrderFeeLine {
  id: number;
  name: string;
  tax_class: string;
  tax_status: 'taxable' | 'none';
  amount: string;
  total: string;
  total_tax: string;
  taxes: ItemTax[];
  meta_data: ItemMetaEntry[];
}

export interface OrderCouponLine {
  id: number;
  code: string;
  discount: string;
  discount_tax: string;
  discount_type: string;
  nominal_amount: number;
  free_shipping: boolean;
  meta_data: ItemMetaEntry[];
}

/** An order's `refunds[]` entry: `total` is negative, as WooCommerce writes it. */
export interface OrderRefundSummary {
  id: number;
  reason: string;
  total: string;
}

export type Order = {
  id: number;
  parent_id: number;
  number: string;
  order_key: string;
  created_via: string;
  version: string;
  status: string;
  currency: string;
  discount_total: string;
  discount_tax: string;
  shipping_total: string;
  shipping_tax: string;
  cart_tax: string;
  total: string;
  total_tax: string;
  prices_include_tax: boolean;
  customer_id: number;
  customer_ip_address: string;
  customer_user_agent: string;
  customer_note: string;
  billing: BillingAddress;
  shipping: ShippingAddress;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  cart_hash: string;
  meta_data: MetaDataEntry[];
  line_items: OrderLineItem[];
  tax_lines: OrderTaxLine[];
  shipping_lines: OrderShippingLine[];
  fee_lines: OrderFeeLine[];
  coupon_lines: OrderCouponLine[];
  refunds: OrderRefundSummary[];
  payment_url: string;
  is_editable: boolean;
  needs_payment: boolean;
  needs_processing: boolean;
  /** Only on this till's copy of another till's sale (made to refund it here): the sale it copies. */
  origin?: OrderOrigin;
  /** On a till of a shop, when the sale's other tills refunded some of its lines: the units of each (its item id here). */
  refunded_at_other_tills?: Array<{ id: number; quantity: number }>;
  _links: SelfLinks & { payment: Link; receipt: Link; customer?: Link };
} & LocalAndGmt<'date_created' | 'date_modified' | 'date_paid' | 'date_completed'>;

/**
 * A refund as `POST /orders/{id}/refunds` answers it: the return type of the server's shapeRefund
 * (server/domain/orders/refunds.ts). Its lines carry the refunded quantities and amounts negative,
 * as WooCommerce writes them; `amount` is what was refunded.
 */
export type OrderRefund = {
  id: number;
  amount: string;
  reason: string;
  refunded_by: number;
  refunded_payment: boolean;
  meta_data: MetaDataEntry[];
  line_items: OrderLineItem[];
  shipping_lines: OrderShippingLine[];
  fee_lines: Array<Omit<OrderFeeLine, 'amount'>>;
  tax_lines: OrderTaxLine[];
  _links: SelfLinks & { up: Link };
} & LocalAndGmt<'date_created'>;

/**
 * An order in the shop's list (`GET /orders?scope=shop`): any till's sale, with the till that made
 * it, what every till held here refunded of it, and the order of this till that refunds it (`POST
 * /orders/{id}/refunds`): the sale itself when it is this till's, its copy once one was refunded here,
 * else null (`POST /orders/shop/{till_id}/{order_id}/refunds` makes the copy).
 */
export type ShopOrder = Order & { till: { id: string; name: string }; refunded_total: string; order_here: number | null };

/** Where an order held at this till came from, when it is the copy of another till's sale made to refund it here. */
export interface OrderOrigin {
  till: { id: string; name: string };
  order_id: number;
  number: string;
}
