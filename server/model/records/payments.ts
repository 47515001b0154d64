/** One tender of an order. `amount` counts toward the order; cash also keeps `tendered` and `change`. */
export interface PaymentRecord {
  id: number;
  order_id: number;
  checkout_id: string | null;
  gateway_id: string;
  gateway_title: string;
  amount: string;
  tendered: string | null;
  change: string;
  transaction_id: string;
  register_id: number | null;
  session_id: number | null;
  user_id: number | null;
  date_created_gmt: string;
}

/** The tender a refund gave money back through. */
export interface RefundTenderRecord {
  refund_id: number;
  order_id: number;
  gateway_id: string;
  amount: string;
  register_id: number | null;
  session_id: number | null;
  date_created_gmt: string;
}
