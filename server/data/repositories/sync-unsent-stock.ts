import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { ShopStockRepository } from './shop-stock.js';

/**
 * The outbox as it stood before a read from WooCommerce: what was unsent then, and the newest entry;
 * and how far this till had heard what WooCommerce holds of the other tills' moves (shop-stock.ts's
 * counter).
 */
export interface OutboxSnapshot {
  unsentIds: number[];
  maxId: number;
  peerStamp: number;
}

/**
 * What the till's own moves not yet in WooCommerce do to one product's stock, in thousandths of a
 * unit (a sale negative), and whether WooCommerce's figure read since the snapshot may already hold
 * some of them: an entry being sent, of unknown outcome, or settled since the snapshot.
 */
export interface UnsentStockMove {
  milli: number;
  inDoubt: boolean;
}

/**
 * Unpaid statuses that never hold stock: moving into pending or cancelled puts it back, and a
 * refunded order was paid. Left out so that the scan for held stock reads only the few unpaid
 * orders that can hold some (on hold, failed, drafts, a shop's own statuses) by the status index.
 * A function, not a module constant: a mutation run sees a changed constant only as the module loads.
 */
function stockFreeUnpaidStatuses(): string {
  return "('pending', 'cancelled', 'refunded')";
}

/**
 * The stock moves of the outbox entries that WooCommerce has not got yet (issue 23, item 8), per
 * product, as WooCommerce will make them when they arrive: a sale takes each line's quantity (§3.7),
 * a refund with `api_restock` gives its lines' quantities back (§5.1), a stock adjustment adds its
 * ledger change. Read from the outbox's waiting entries (its `(state, id)` index), the entries made
 * since the snapshot, and the snapshot's own, so a long outbox history is never scanned.
 *
 * An unpaid order that took stock (parked on hold) has no outbox entry until it is paid, and then
 * its sale takes the units in WooCommerce: until then its lines' `reduced_stock` counts as unsent,
 * so a pull does not give the parked units back. A paid order is in the journal and, when made
 * while connected, in the outbox; one paid before the connection never goes up and is not counted.
 *
 * The other tills' moves projected here count too (docs/several-tills.md, "Stock across tills"):
 * each one this till had not heard WooCommerce holds when the read began (`peerStamp`). One heard of
 * after that is counted all the same (WooCommerce's figure may predate it), and is in doubt.
 */
export class SyncUnsentStockRepository {
  constructor(
    private readonly db: Database,
    private readonly shopStock: ShopStockRepository,
  ) {}

  snapshot(): OutboxSnapshot {
    const unsentIds = prepared<[], number>(this.db, "SELECT id FROM sync_outbox WHERE state IN ('pending', 'sending', 'unknown', 'rejected')")
      .pluck(true)
      .all();
    const maxId = prepared<[], number>(this.db, 'SELECT COALESCE(MAX(id), 0) FROM sync_outbox').pluck(true).get() ?? 0;
    return { unsentIds, maxId, peerStamp: this.shopStock.stamp() };
  }

  /** The WooCommerce ids of the products (a variation's parent's) with another till's move heard held since the counter stood at `peerStamp`. */
  peerMovesHeldSince(peerStamp: number): number[] {
    return this.shopStock.heldSince(peerStamp);
  }

  /** Per local product id; products with nothing unsent and nothing in doubt are absent. Run inside the pull's write. */
  movesSince(snapshot: OutboxSnapshot): Map<number, UnsentStockMove> {
    const rows = prepared<{ maxId: number; watched: string; peerStamp: number }, { product_id: number; milli: number; in_doubt: number }>(
      this.db,
      `WITH relevant AS (
         SELECT id, kind, state, order_id, refund_id, stock_ledger_id FROM sync_outbox WHERE state IN ('pending', 'sending', 'unknown', 'rejected')
         UNION SELECT id, kind, state, order_id, refund_id, stock_ledger_id FROM sync_outbox WHERE id > @maxId
         UNION SELECT id, kind, state, order_id, refund_id, stock_ledger_id FROM sync_outbox WHERE id IN (SELECT value FROM json_each(@watched))
       ),
       moves AS (
         SELECT r.state, COALESCE(NULLIF(json_extract(i.data, '$.variation_id'), 0), json_extract(i.data, '$.product_id')) AS product_id,
           -CAST(ROUND(json_extract(i.data, '$.quantity') * 1000) AS INTEGER) AS milli
         FROM relevant r JOIN order_items i ON i.order_id = r.order_id AND i.type = 'line_item'
         WHERE r.kind = 'sale'
         UNION ALL
         SELECT r.state, COALESCE(NULLIF(json_extract(i.data, '$.variation_id'), 0), json_extract(i.data, '$.product_id')),
           CAST(ROUND(json_extract(line.value, '$.quantity') * 1000) AS INTEGER)
         FROM relevant r JOIN refunds f ON f.id = r.refund_id AND f.restock = 1
           JOIN json_each(f.line_items) line JOIN order_items i ON i.id = json_extract(line.value, '$.refunded_item_id') AND i.type = 'line_item'
         WHERE r.kind = 'refund'
         UNION ALL
         SELECT r.state, l.product_id, l.change_milli FROM relevant r JOIN stock_ledger l ON l.id = r.stock_ledger_id WHERE r.kind = 'stock'
         UNION ALL
         SELECT 'pending', COALESCE(NULLIF(json_extract(i.data, '$.variation_id'), 0), json_extract(i.data, '$.product_id')),
           -CAST(ROUND(json_extract(i.data, '$.reduced_stock') * 1000) AS INTEGER)
         FROM orders o JOIN order_items i ON i.order_id = o.id AND i.type = 'line_item'
         WHERE o.status IN (SELECT status FROM order_statuses WHERE is_paid = 0 AND status NOT IN ${stockFreeUnpaidStatuses()})
           AND o.date_paid_gmt IS NULL AND json_extract(i.data, '$.reduced_stock') > 0
           AND NOT EXISTS (SELECT 1 FROM sync_outbox s WHERE s.order_id = o.id AND s.kind = 'sale')
         UNION ALL
         SELECT 'peer', product_id, milli FROM shop_stock_moves WHERE held_stamp IS NULL
         UNION ALL
         SELECT 'peer held late', product_id, milli FROM shop_stock_moves WHERE held_stamp > @peerStamp
       )
       SELECT product_id, SUM(CASE WHEN state IN ('pending', 'sending', 'unknown', 'rejected', 'peer', 'peer held late') THEN milli ELSE 0 END) AS milli,
         MAX(state NOT IN ('pending', 'rejected', 'peer')) AS in_doubt
       FROM moves GROUP BY product_id`,
    ).all({ maxId: snapshot.maxId, watched: JSON.stringify(snapshot.unsentIds), peerStamp: snapshot.peerStamp });
    return new Map(rows.map((row) => [row.product_id, { milli: row.milli, inDoubt: row.in_doubt === 1 }]));
  }
}
