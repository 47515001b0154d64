import type { MetaData } from '../stores.js';

/** What a refund gave back on one order item; amounts positive, ex tax, per-rate tax separate. */
export interface RefundedItem {
  type: 'line_item' | 'fee' | 'shipping';
  refunded_item_id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  tax_class: string;
  total: string;
  taxes: Array<{ id: number; total: string }>;
  sku: string;
}

export interface RefundRecord {
  id: number;
  order_id: number;
  /** Positive, at the price decimals. */
  amount: string;
  reason: string;
  refunded_by: number | null;
  refunded_payment: boolean;
  restock: boolean;
  line_items: RefundedItem[];
  meta_data: MetaData;
  date_created_gmt: string;
}
