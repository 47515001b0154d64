/**
 * The sync with the shop's WooCommerce as the till and the managers' screen read it (issue 23, item 7):
 * the return types of server/sync/sync-status.ts, behind `GET /pos/v1/sync/status` and `GET /pos/v1/sync/outbox`.
 */

/** Where an outbox entry is on its way up (the server's model/records/sync.ts OutboxState, which must match). */
export type SyncOutboxState = 'pending' | 'sending' | 'unknown' | 'synced' | 'rejected' | 'handled';
export type SyncOutboxKind = 'sale' | 'refund' | 'customer' | 'stock';

export interface StateFigures {
  count: number;
  /** Sales' totals (with tax) in this state; refunds are counted apart. */
  sales: number;
  sales_amount: string;
  refunds: number;
  refunds_amount: string;
}

/** What `GET /pos/v1/sync/status` shows (issue 23, item 7). Never the key's secret. */
export interface SyncStatusView {
  connected: boolean;
  connection: null | {
    url: string;
    state: 'active' | 'paused';
    paused_reason: string | null;
    connected_at_gmt: string;
    /** True only while the link is `online`. */
    online: boolean;
    /** `online` after WooCommerce's own answer; `offline` when nothing could be reached; `degraded` when something answered, but not as WooCommerce (a 5xx, a timeout, a page that is not its JSON). */
    link: 'online' | 'degraded' | 'offline';
    /** What the degraded link last answered; null unless degraded. */
    degraded_reason: string | null;
    /** When the run of failures (offline or degraded) began. */
    offline_since_gmt: string | null;
    last_push_gmt: string | null;
    last_pull_gmt: string | null;
  };
  states: Record<SyncOutboxState, StateFigures>;
  /** Pending, sending and unknown together: what the till's bar counts as waiting to go up. */
  waiting: StateFigures;
  /** The oldest sale not yet in WooCommerce, and how long it has waited (seconds, at the time of the answer). */
  oldest_waiting_sale: null | { order_id: number | null; date_created_gmt: string; age_seconds: number };
}

/** The sales no paired till holds yet ("on this till only"): a disk that dies now takes them with it. */
export interface SingleCopyView {
  sales: number;
  sales_amount: string;
  /** When the oldest of them was made; null when there is none. */
  oldest_gmt: string | null;
}

/** A paired till as the status shows it to every role (its address is the managers' /peers). */
export interface StatusPeerView {
  id: string;
  name: string;
  /** Its replication answered last time it was asked. */
  reachable: boolean;
  last_seen_gmt: string | null;
  /** Its entries not yet held here; null until the replication counts them. */
  behind: number | null;
}

/** What `GET /pos/v1/sync/status` answers: the sync with WooCommerce, and the copies among the shop's tills. */
export interface SyncStatusAnswer extends SyncStatusView {
  /** The paired tills; empty on a till that is in no shop. */
  peers: StatusPeerView[];
  /** Null on a till that is in no shop. */
  single_copy: SingleCopyView | null;
}

/** One entry of the outbox page. */
export interface OutboxEntryView {
  id: number;
  kind: SyncOutboxKind;
  order_id: number | null;
  refund_id: number | null;
  customer_id: number | null;
  product_id: number | null;
  uuid: string;
  state: SyncOutboxState;
  woo_id: number | null;
  attempts: number;
  last_error: null | { code: string; message: string };
  totals_difference: string | null;
  duplicates_cancelled: number[];
  date_created_gmt: string;
  date_synced_gmt: string | null;
}

/** How the till signs its requests to the shop: HTTP Basic over HTTPS, else OAuth 1.0a signatures. */
export type SyncAuthKind = 'basic' | 'oauth1';

/** The sync's own settings, kept with the connection (the server's model/records/sync.ts SyncSettings). */
export interface SyncConnectionSettings {
  create_accounts: boolean;
  grace_seconds: number;
  sweep_minutes: number;
  interval_seconds: number;
  request_timeout_seconds: number;
}

/** The connection as it is shown (`POST /sync/resume`): never the consumer secret, and only the end of the key. */
export interface SyncConnectionView {
  url: string;
  consumer_key_ending: string;
  auth: SyncAuthKind;
  state: 'active' | 'paused';
  paused_reason: string | null;
  connected_at_gmt: string;
  last_pull_gmt: string | null;
  settings: SyncConnectionSettings;
}

/** `PUT /sync/connection`: the connection made, what the check of the key warned about, and the first pull started. */
export interface SyncConnectionAnswer extends SyncConnectionView {
  warnings: string[];
  first_pull: 'started';
}

/** `DELETE /sync/connection`: with `force`, the entries that had not reached WooCommerce, now marked handled. */
export interface SyncDisconnectAnswer {
  connected: false;
  unsent: OutboxEntryView[];
}
