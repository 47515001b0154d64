import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { StockLedgerRecord } from '../../model/records/stock-ledger.js';

/**
 * Why stock changed. `opening` is the quantity a product had when the ledger started (or when it was
 * created without a declared reason); `correction` is a change made without one. Order-driven
 * changes carry the order's id: `sale` (taken when the order is paid or put on hold), `cancellation`
 * (given back when it is cancelled), `released` (given back when an on-hold order returns to
 * pending), `order_edit` (its lines changed while its stock was taken) and `refund` (refunded units
 * put back, with the refund as reference). `restock` is units given back without a declared reason.
 * `peer_sale` and `peer_refund` are another till's sale and restocking refund, applied here as they
 * arrive (docs/several-tills.md, "Stock across tills"), with that till's name and receipt number as
 * reference; they never go to WooCommerce from this till (the selling till sends them).
 */
export const STOCK_REASONS = [
  'opening',
  'created',
  'edit',
  'sale',
  'cancellation',
  'released',
  'order_edit',
  'refund',
  'restock',
  'import',
  'received',
  'damaged',
  'counted',
  'correction',
  'peer_sale',
  'peer_refund',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** What a stock change is for, recorded with it: the reason and, where there is one, the order, a reference, a note and who made it. */
export interface StockEntry {
  reason: StockReason;
  orderId?: number | undefined;
  reference?: string | undefined;
  note?: string | undefined;
  userId?: number | undefined;
}

interface LedgerRow extends Omit<StockLedgerRecord, 'change' | 'balance'> {
  change_milli: number;
  balance_milli: number;
}

interface ContextRow {
  reason: string;
  order_id: number | null;
  reference: string;
  note: string;
  user_id: number | null;
}

/** Quantities are stored in thousandths (migration 7): exact sums for decimal quantities. */
export const fromMilli = (milli: number): number => milli / 1000;

/**
 * The stock ledger (migration 7). Rows are written by the database's triggers whenever a product's
 * stock changes; this class declares what the change is for and reads the history back.
 */
export class StockLedgerRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `change` with `entry` as the reason of every stock change it makes. A nested call with an
   * entry of its own takes over for its duration; without one, the enclosing entry stays in force.
   */
  recording<T>(entry: StockEntry | undefined, change: () => T): T {
    if (entry === undefined) return writeTransaction(this.db, change);
    return writeTransaction(this.db, () => {
      const previous = prepared<[], ContextRow>(this.db, 'SELECT reason, order_id, reference, note, user_id FROM stock_ledger_context WHERE slot = 1').get();
      const write = prepared(
        this.db,
        'INSERT OR REPLACE INTO stock_ledger_context (slot, reason, order_id, reference, note, user_id) VALUES (1, ?, ?, ?, ?, ?)',
      );
      write.run(entry.reason, entry.orderId ?? null, entry.reference ?? '', entry.note ?? '', entry.userId ?? null);
      try {
        return change();
      } finally {
        if (previous === undefined) prepared(this.db, 'DELETE FROM stock_ledger_context').run();
        else write.run(previous.reason, previous.order_id, previous.reference, previous.note, previous.user_id);
      }
    });
  }

  /**
   * A product's history, newest first, with who made each change. A sale's units are taken by the
   * order's status change, which names no user: who sold is the order's cashier.
   */
  history(productId: number, limit: number, offset: number): { records: StockLedgerRecord[]; total: number } {
    const total = prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM stock_ledger WHERE product_id = ?').get(productId)?.n ?? 0;
    const rows = prepared<[number, number, number], LedgerRow>(
      this.db,
      `SELECT l.*, COALESCE(NULLIF(u.display_name, ''), u.username) AS user_name
       FROM stock_ledger l
       LEFT JOIN orders o ON l.user_id IS NULL AND l.reason = 'sale' AND o.id = l.order_id
       LEFT JOIN users u ON u.id = COALESCE(l.user_id, o.cashier_id)
       WHERE l.product_id = ? ORDER BY l.id DESC LIMIT ? OFFSET ?`,
    ).all(productId, limit, offset);
    return {
      records: rows.map(({ change_milli, balance_milli, ...row }) => ({ ...row, change: fromMilli(change_milli), balance: fromMilli(balance_milli) })),
      total,
    };
  }

  /** The sum of a product's ledger, in thousandths. */
  sumMilli(productId: number): number {
    return prepared<[number], { n: number | null }>(this.db, 'SELECT SUM(change_milli) AS n FROM stock_ledger WHERE product_id = ?').get(productId)?.n ?? 0;
  }
}
