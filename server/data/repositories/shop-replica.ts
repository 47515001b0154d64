import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { JournalRecord } from '../../model/records/journal.js';

/** An own journal entry with the till-wide sequence it is replicated under. */
export type ReplicaEntry = JournalRecord & { till_sequence: number };

/** Another till's journal entry, as held here (once). */
export interface ShopEntryRow {
  till_id: string;
  till_sequence: number;
  entry_id: string;
  kind: string;
  order_id: number | null;
  refund_id: number | null;
  hash: string;
  date_created_gmt: string;
}

/** Another till's order as its latest entry held here shows it; `body` is the order's JSON. */
export interface ShopOrderRow {
  till_id: string;
  order_id: number;
  till_name: string;
  number: string;
  status: string;
  total: string;
  date_paid_gmt: string;
  latest_sequence: number;
  body: string;
  /** Set when the order is that till's copy of another's sale, made to refund it there (migration 29): it is not a sale. */
  origin_till_id: string | null;
  origin_order_id: number | null;
}

/** Another till and how far its journal goes (`head_sequence`), against what is held here (`held`). */
export interface ShopTillRow {
  id: string;
  name: string;
  head_sequence: number;
  held: number;
}

/** One line of the shop's order list: this till's own sale (`till_id` null) or another till's. */
export interface ShopListRow {
  till_id: string | null;
  order_id: number;
  number: string;
}

/** Every sale of the shop: this till's journaled sales with their numbers, and the other tills' projected orders. */
const SHOP_SALES = `
  SELECT NULL AS till_id, j.order_id AS order_id, COALESCE(n.number, CAST(j.order_id AS TEXT)) AS number, j.date_created_gmt AS date
    FROM journal j LEFT JOIN order_numbers n ON n.order_id = j.order_id WHERE j.kind = 'sale'
  UNION ALL
  SELECT till_id, order_id, number, date_paid_gmt AS date FROM shop_orders WHERE origin_till_id IS NULL`;
const SHOP_FILTER = 'WHERE @search IS NULL OR instr(upper(number), upper(@search)) > 0';

/** The replica_state key of heldByAPeer(). */
const HELD_BY_A_PEER = 'held_by_a_peer';

/** The replica of the shop's journals: this till's entries going out, the other tills' coming in. */
export class ShopReplicaRepository {
  constructor(private readonly db: Database) {}

  /** The own entries after one till sequence up to another, in order. */
  ownEntriesBetween(after: number, upTo: number, limit: number): ReplicaEntry[] {
    return prepared<[number, number, number], ReplicaEntry>(
      this.db,
      'SELECT j.*, r.till_sequence FROM journal_replica r JOIN journal j ON j.id = r.entry_id WHERE r.till_sequence > ? AND r.till_sequence <= ? ORDER BY r.till_sequence LIMIT ?',
    ).all(after, upTo, limit);
  }

  /** The last till sequence given to an own entry (0 before the first). */
  lastOwnSequence(): number {
    return prepared<[], number | null>(this.db, 'SELECT MAX(till_sequence) FROM journal_replica').pluck(true).get() ?? 0;
  }

  /** Holds another till's entry; false when it was held already (the same document seen again). */
  insertEntry(row: ShopEntryRow): boolean {
    return (
      prepared(
        this.db,
        `INSERT OR IGNORE INTO shop_entries (till_id, till_sequence, entry_id, kind, order_id, refund_id, hash, date_created_gmt)
         VALUES (@till_id, @till_sequence, @entry_id, @kind, @order_id, @refund_id, @hash, @date_created_gmt)`,
      ).run(row).changes > 0
    );
  }

  /** Keeps the order as the latest of its till's entries shows it: an older entry arriving late changes nothing. */
  upsertOrder(row: ShopOrderRow): void {
    prepared(
      this.db,
      `INSERT INTO shop_orders (till_id, order_id, till_name, number, status, total, date_paid_gmt, latest_sequence, body, origin_till_id, origin_order_id)
       VALUES (@till_id, @order_id, @till_name, @number, @status, @total, @date_paid_gmt, @latest_sequence, @body, @origin_till_id, @origin_order_id)
       ON CONFLICT (till_id, order_id) DO UPDATE SET till_name = excluded.till_name, number = excluded.number, status = excluded.status,
         total = excluded.total, latest_sequence = excluded.latest_sequence, body = excluded.body
       WHERE excluded.latest_sequence > shop_orders.latest_sequence`,
    ).run(row);
  }

  upsertTill(id: string, name: string, headSequence: number): void {
    prepared(
      this.db,
      `INSERT INTO shop_tills (id, name, head_sequence) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, head_sequence = MAX(head_sequence, excluded.head_sequence)`,
    ).run(id, name, headSequence);
  }

  tills(): ShopTillRow[] {
    return prepared<[], ShopTillRow>(
      this.db,
      'SELECT t.id, t.name, t.head_sequence, (SELECT COUNT(*) FROM shop_entries e WHERE e.till_id = t.id) AS held FROM shop_tills t ORDER BY t.name, t.id',
    ).all();
  }

  heldCount(tillId: string): number {
    return prepared<[string], number>(this.db, 'SELECT COUNT(*) FROM shop_entries WHERE till_id = ?').pluck(true).get(tillId) ?? 0;
  }

  order(tillId: string, orderId: number): ShopOrderRow | undefined {
    return prepared<[string, number], ShopOrderRow>(this.db, 'SELECT * FROM shop_orders WHERE till_id = ? AND order_id = ?').get(tillId, orderId);
  }

  state(key: string): string | undefined {
    return prepared<[string], string>(this.db, 'SELECT value FROM replica_state WHERE key = ?').pluck(true).get(key);
  }

  setState(key: string, value: string): void {
    prepared(this.db, 'INSERT INTO replica_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** A page of the shop's sales, newest first (or oldest with `ascending`), those whose number holds `search`. */
  salesPage(search: string | undefined, ascending: boolean, limit: number, offset: number): { rows: ShopListRow[]; total: number } {
    const params = { search: search ?? null };
    const total = prepared<[typeof params], number>(this.db, `SELECT COUNT(*) FROM (${SHOP_SALES}) ${SHOP_FILTER}`).pluck(true).get(params) ?? 0;
    const rows = prepared<[typeof params & { limit: number; offset: number }], ShopListRow>(
      this.db,
      `SELECT till_id, order_id, number FROM (${SHOP_SALES}) ${SHOP_FILTER}
       ORDER BY date ${ascending ? 'ASC' : 'DESC'}, number ${ascending ? 'ASC' : 'DESC'} LIMIT @limit OFFSET @offset`,
    ).all({ ...params, limit, offset });
    return { rows, total };
  }

  /** The till sequence of an order's sale entry; undefined before it is journaled. */
  saleSequence(orderId: number): number | undefined {
    return prepared<[number], number>(
      this.db,
      "SELECT r.till_sequence FROM journal j JOIN journal_replica r ON r.entry_id = j.id WHERE j.order_id = ? AND j.kind = 'sale' ORDER BY r.till_sequence DESC LIMIT 1",
    )
      .pluck(true)
      .get(orderId);
  }

  /**
   * The own sales journaled after a till sequence, of one register or of all: each one's total and
   * when, oldest first (the sums are the caller's, in Decimal).
   */
  salesAfter(sequence: number, registerId: number | null = null): { total: string; date_created_gmt: string }[] {
    return prepared<[{ sequence: number; register: number | null }], { total: string; date_created_gmt: string }>(
      this.db,
      `SELECT o.total, j.date_created_gmt FROM journal_replica r JOIN journal j ON j.id = r.entry_id JOIN orders o ON o.id = j.order_id
        WHERE r.till_sequence > @sequence AND j.kind = 'sale' AND (@register IS NULL OR j.register_id = @register) ORDER BY r.till_sequence`,
    ).all({ sequence, register: registerId });
  }

  /** The last own till sequence a paired till is known to hold, all before it included (0: none yet). */
  heldByAPeer(): number {
    return Number(this.state(HELD_BY_A_PEER) ?? '0');
  }

  /** A paired till holds the own entries up to `sequence`; it never goes back. */
  setHeldByAPeer(sequence: number): void {
    writeTransaction(this.db, () => {
      if (sequence > this.heldByAPeer()) this.setState(HELD_BY_A_PEER, String(sequence));
    });
  }
}
