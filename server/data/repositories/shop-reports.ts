import type { Database } from '../database.js';
import { prepared } from '../statements.js';

/** A sale or refund entry of this till's journal: its payload holds the totals and the tenders. */
export interface OwnDayEntry {
  kind: 'sale' | 'refund';
  payload: string;
}

/** A sale or refund entry of another till, with its order's JSON as the latest entry held here shows it. */
export interface OtherDayEntry {
  till_id: string;
  kind: 'sale' | 'refund';
  refund_id: number | null;
  body: string;
}

/** Another till of the shop and the date of its latest entry held here (null before the first). */
export interface OtherTillRow {
  id: string;
  name: string;
  last_entry_gmt: string | null;
}

/**
 * What the shop's X report reads: the sales and refunds of a GMT range, this till's from its journal
 * and the other tills' from what the replication projected (shop_entries, shop_orders). Read only.
 */
export class ShopReportsRepository {
  constructor(private readonly db: Database) {}

  /** This till's sale and refund entries written from `from` (included) to `to` (left out), in the order written. */
  ownEntries(from: string, to: string): OwnDayEntry[] {
    return prepared<[string, string], OwnDayEntry>(
      this.db,
      "SELECT kind, payload FROM journal WHERE kind IN ('sale', 'refund') AND date_created_gmt >= ? AND date_created_gmt < ? ORDER BY rowid",
    ).all(from, to);
  }

  /** The date of this till's latest journal entry (null before the first). */
  ownLastEntryGmt(): string | null {
    return prepared<[], string | null>(this.db, 'SELECT MAX(date_created_gmt) FROM journal').pluck(true).get() ?? null;
  }

  /**
   * The other tills' sale and refund entries made from `from` (included) to `to` (left out), each
   * with its order. An entry that came without its order (deleted at its till before the entry was
   * replicated) has no amount here, and is left out.
   */
  otherEntries(from: string, to: string): OtherDayEntry[] {
    return prepared<[string, string], OtherDayEntry>(
      this.db,
      `SELECT e.till_id, e.kind, e.refund_id, o.body
         FROM shop_entries e JOIN shop_orders o ON o.till_id = e.till_id AND o.order_id = e.order_id
        WHERE e.kind IN ('sale', 'refund') AND e.date_created_gmt >= ? AND e.date_created_gmt < ?
        ORDER BY e.till_id, e.till_sequence`,
    ).all(from, to);
  }

  /** The other tills, by name, each with the date of its entry of the highest sequence held here (its latest). */
  otherTills(): OtherTillRow[] {
    return prepared<[], OtherTillRow>(
      this.db,
      `SELECT t.id, t.name,
              (SELECT e.date_created_gmt FROM shop_entries e WHERE e.till_id = t.id ORDER BY e.till_sequence DESC LIMIT 1) AS last_entry_gmt
         FROM shop_tills t ORDER BY t.name, t.id`,
    ).all();
  }
}
