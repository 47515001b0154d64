export interface StockLedgerRecord {
  id: number;
  product_id: number;
  /** Units, up to three decimal places. */
  change: number;
  /** The stock after this change. */
  balance: number;
  reason: string;
  order_id: number | null;
  reference: string;
  note: string;
  user_id: number | null;
  /** Who made the change: its user's name, or for a sale the name of the cashier who rang it up; null when nobody is known. */
  user_name: string | null;
  date_created_gmt: string;
}
