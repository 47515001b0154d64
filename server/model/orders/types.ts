import type { BillingAddress, ShippingAddress } from '../customers/address.js';
import type { MetaData } from '../stores.js';

/** Per-rate taxes of an item, as WooCommerce keeps them: unrounded (internal precision) decimal strings. */
export interface ItemTax {
  id: number;
  total: string;
  /** Product lines only. */
  subtotal: string;
}

export interface ItemMeta {
  id: number;
  key: string;
  value: unknown;
}

/** Amounts are ex tax and unrounded where WooCommerce keeps them unrounded (§6.1). */
export interface LineItemData {
  product_id: number;
  variation_id: number;
  /**
   * Whole units, or up to three decimal places where `decimal_qty` is on or a scale label weighed it.
   * Stored as JSON decimal text and read back to the same shortest form; arithmetic on it goes
   * through Decimal (quantities.ts), never binary floating point.
   */
  quantity: number;
  tax_class: string;
  /** The product's tax status when the line was made (`taxable`, `shipping` or `none`). */
  tax_status: 'taxable' | 'shipping' | 'none';
  subtotal: string;
  subtotal_tax: string;
  total: string;
  total_tax: string;
  taxes: ItemTax[];
  sku: string;
  parent_name: string | null;
  /** The product's image when it was sold (`{id: 0, src: ''}` without one). */
  image: { id: number; src: string };
  meta_data: ItemMeta[];
  /** Units taken from stock for this line (WooCommerce's `_reduced_stock`), so they can be put back. */
  reduced_stock: number;
  /**
   * The whole-line ex-tax total the cashier set by hand (a price override or a line discount).
   * Coupons and recalculations start from it instead of the subtotal, so it is never wiped.
   */
  manual_total?: string;
}

export interface FeeLineData {
  tax_class: string;
  tax_status: 'taxable' | 'none';
  total: string;
  total_tax: string;
  taxes: ItemTax[];
  meta_data: ItemMeta[];
}

export interface ShippingLineData {
  method_id: string;
  instance_id: string;
  total: string;
  total_tax: string;
  taxes: ItemTax[];
  meta_data: ItemMeta[];
}

export interface CouponLineData {
  coupon_id: number;
  discount: string;
  discount_tax: string;
  discount_type: string;
  nominal_amount: string;
  free_shipping: boolean;
  meta_data: ItemMeta[];
}

export interface TaxLineData {
  rate_id: number;
  rate_code: string;
  label: string;
  compound: boolean;
  tax_total: string;
  shipping_tax_total: string;
  rate_percent: string;
  meta_data: ItemMeta[];
}

/** An order item (`order_items` row); `name` is the product name, fee name, shipping title, coupon code or tax label. */
export type OrderItem =
  | { id: number; type: 'line_item'; name: string; data: LineItemData }
  | { id: number; type: 'fee'; name: string; data: FeeLineData }
  | { id: number; type: 'shipping'; name: string; data: ShippingLineData }
  | { id: number; type: 'coupon'; name: string; data: CouponLineData }
  | { id: number; type: 'tax'; name: string; data: TaxLineData };

export type OrderItemType = OrderItem['type'];
/** An item before it is saved: without an id it is new. */
export type OrderItemDraft = OrderItem extends infer T ? (T extends { id: number } ? Omit<T, 'id'> & { id?: number } : never) : never;

export interface OrderRecord {
  id: number;
  parent_id: number;
  uuid: string | null;
  order_key: string;
  status: string;
  currency: string;
  prices_include_tax: boolean;
  customer_id: number;
  billing: BillingAddress;
  shipping: ShippingAddress;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  customer_note: string;
  created_via: string;
  store_id: number | null;
  cashier_id: number | null;
  discount_total: string;
  discount_tax: string;
  shipping_total: string;
  shipping_tax: string;
  cart_tax: string;
  total_tax: string;
  total: string;
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  date_completed_gmt: string | null;
  items: OrderItem[];
}

/** The columns of an order (everything but its id and items). */
export type OrderFields = Omit<OrderRecord, 'id' | 'items'>;

export function itemsOfType<T extends OrderItemType>(items: readonly OrderItem[], type: T): Array<Extract<OrderItem, { type: T }>> {
  return items.filter((item): item is Extract<OrderItem, { type: T }> => item.type === type);
}

export function draftsOfType<T extends OrderItemType>(items: readonly OrderItemDraft[], type: T): Array<Extract<OrderItemDraft, { type: T }>> {
  return items.filter((item): item is Extract<OrderItemDraft, { type: T }> => item.type === type);
}

/** Meta keys the order keeps for itself (stock and coupon bookkeeping), never shown (WooCommerce's internal meta). */
export const INTERNAL_META_KEYS: ReadonlySet<string> = new Set(['_order_stock_reduced', '_recorded_coupon_usage_counts', '_recorded_sales']);
