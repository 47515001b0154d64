/**
 * What the till's sync screens read besides the status (issue 23, item 7): each order's way up to
 * WooCommerce for the Orders history (`GET /pos/v1/sync/orders`), and the proof of `POST /pos/v1/sync/verify`.
 */
import type { SyncOutboxState } from './sync.js';

/**
 * One order's sale and refunds on their way to WooCommerce, taken together: `rejected` when any of
 * them was refused (with WooCommerce's reason), else the least advanced of the others, so a badge
 * says "In WooCommerce" only once everything of the order is there.
 */
export interface OrderSyncView {
  order_id: number;
  state: SyncOutboxState;
  /** The WooCommerce order the sale became, once it is there. */
  woo_id: number | null;
  /** Why WooCommerce refused the entry that needs attention, or that a sale there has lines without their product (deleted there); null otherwise. */
  reason: null | { code: string; message: string };
}

/** One register's part of the proof: everything up to its last synced sequence was looked for. */
export interface SyncProofRegister {
  register_id: number;
  up_to_sequence: number;
  sales: { expected: number; found: number };
  refunds: { expected: number; found: number };
  /** Marked handled by someone: not looked for. */
  handled: number;
  /** Not sent yet and not in WooCommerce: not a fault. */
  waiting: number;
}

/** A sale or refund missing from WooCommerce, there more than once, or changed there. */
export interface SyncProofFinding {
  kind: 'missing' | 'doubled' | 'altered';
  entry: { uuid: string; register_id: number; sequence: number; kind: 'sale' | 'refund'; order_id: number | null };
  woo_ids: number[];
  detail: string;
}

/** `POST /pos/v1/sync/verify`: the proof, and `lines`, the same words `tillbase sync verify` prints. */
export interface SyncVerifyView {
  /** Everything is in WooCommerce exactly once as the till made it, and the journal's chain holds. */
  ok: boolean;
  chain_ok: boolean;
  registers: SyncProofRegister[];
  findings: SyncProofFinding[];
  lines: string[];
}
