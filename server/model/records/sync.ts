/** The one connection to the shop's WooCommerce (migration 19); its consumer secret is in the secret store. */
export interface SyncConnectionRecord {
  url: string;
  consumer_key: string;
  state: 'active' | 'paused';
  paused_reason: string | null;
  connected_at_gmt: string;
  online: boolean;
  offline_since_gmt: string | null;
  /** Not online because WooCommerce's address answered, but not as WooCommerce (migration 23): what was last seen; null otherwise. */
  degraded_reason: string | null;
  last_push_gmt: string | null;
  last_pull_gmt: string | null;
  settings: SyncSettings;
}

export interface SyncSettings {
  /** Create a WooCommerce account for a customer it does not know (WooCommerce then sends its new-account e-mail). */
  create_accounts: boolean;
  /** How long an unknown outcome is left before the order is looked up: longer than WooCommerce's own request limit. */
  grace_seconds: number;
  /** How often the duplicate sweep runs besides after each settled unknown outcome. */
  sweep_minutes: number;
  /** The catalogue pull's interval. */
  interval_seconds: number;
  /** How long one request may take before its outcome is unknown. */
  request_timeout_seconds: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  create_accounts: false,
  grace_seconds: 120,
  sweep_minutes: 15,
  interval_seconds: 60,
  request_timeout_seconds: 30,
};

export type OutboxKind = 'sale' | 'refund' | 'customer' | 'stock';
export type OutboxState = 'pending' | 'sending' | 'unknown' | 'synced' | 'rejected' | 'handled';
export const OUTBOX_STATES: readonly OutboxState[] = ['pending', 'sending', 'unknown', 'synced', 'rejected', 'handled'];

export interface OutboxEntry {
  id: number;
  uuid: string;
  kind: OutboxKind;
  journal_id: string | null;
  order_id: number | null;
  refund_id: number | null;
  customer_id: number | null;
  product_id: number | null;
  stock_ledger_id: number | null;
  register_id: number | null;
  sequence: number | null;
  amount: string | null;
  depends_on: number | null;
  state: OutboxState;
  woo_id: number | null;
  attempts: number;
  last_error_code: string | null;
  last_error_message: string | null;
  totals_difference: string | null;
  stock_target: string | null;
  next_attempt_gmt: string | null;
  sending_since_gmt: string | null;
  date_created_gmt: string;
  date_synced_gmt: string | null;
  duplicates_cancelled: number[];
}

export type SyncIdKind = 'customer' | 'order' | 'order_line' | 'product';
