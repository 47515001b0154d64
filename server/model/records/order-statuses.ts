export interface OrderStatusRecord {
  status: string;
  label: string;
  position: number;
  /** Items and addresses may change (WC_Order::is_editable). */
  is_editable: boolean;
  /** Paid (wc_get_is_paid_statuses). */
  is_paid: boolean;
}
