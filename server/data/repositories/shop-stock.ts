import type { Database } from '../database.js';
import { prepared } from '../statements.js';

/**
 * One product's stock moved by a till's journal entry, as that entry's document carries it to the
 * other tills: the selling till's product id, its WooCommerce id there (null while that till is not
 * linked to the shop's WooCommerce) and SKU, and the change in thousandths of a unit (a sale
 * negative), as WooCommerce makes it when the entry arrives there.
 */
export interface EntryStockMove {
  product_id: number;
  woo_id: number | null;
  sku: string;
  milli: number;
}

/** What a till says WooCommerce's stock holds of its journal: every entry up to `through` but those in the `unsent` ranges. */
export interface WooCommerceHolds {
  through: number;
  /** Inclusive ranges of till sequences, ascending. */
  unsent: Array<[number, number]>;
}

/** The outbox states of an entry WooCommerce's stock does not hold yet (sync-unsent-stock.ts counts the same ones). */
const UNSENT_STATES = "('pending', 'sending', 'unknown', 'rejected')";
/** The counter (replica_state) that stamps each piece of news that WooCommerce holds a peer's moves. */
const STAMP_KEY = 'stock_stamp';

/**
 * The stock moves of an entry as WooCommerce makes them when it arrives (the same rules as
 * sync-unsent-stock.ts): a sale takes each line's quantity, a refund with `restock` gives its lines'
 * quantities back; summed per product, with the product's WooCommerce id and SKU.
 */
const ENTRY_MOVES = `
  WITH lines AS (
    SELECT COALESCE(NULLIF(json_extract(i.data, '$.variation_id'), 0), json_extract(i.data, '$.product_id')) AS product_id,
      -CAST(ROUND(json_extract(i.data, '$.quantity') * 1000) AS INTEGER) AS milli, json_extract(i.data, '$.sku') AS sku
    FROM order_items i WHERE @kind = 'sale' AND i.order_id = @order AND i.type = 'line_item'
    UNION ALL
    SELECT COALESCE(NULLIF(json_extract(i.data, '$.variation_id'), 0), json_extract(i.data, '$.product_id')),
      CAST(ROUND(json_extract(line.value, '$.quantity') * 1000) AS INTEGER), json_extract(i.data, '$.sku')
    FROM refunds f JOIN json_each(f.line_items) line
      JOIN order_items i ON i.id = json_extract(line.value, '$.refunded_item_id') AND i.type = 'line_item'
    WHERE @kind = 'refund' AND f.id = @refund AND f.restock = 1
  )
  SELECT l.product_id, m.remote_id AS woo_id, COALESCE(NULLIF(MAX(l.sku), ''), p.sku, '') AS sku, SUM(l.milli) AS milli
  FROM lines l LEFT JOIN products p ON p.id = l.product_id
    LEFT JOIN sync_catalogue_ids m ON m.resource = 'product' AND m.local_id = l.product_id
  WHERE l.product_id > 0
  GROUP BY l.product_id HAVING SUM(l.milli) <> 0 ORDER BY l.product_id`;

/**
 * The shop's stock across tills (docs/several-tills.md, "Stock across tills"): what this till's
 * entries move and what WooCommerce holds of them, going out; the other tills' moves as projected
 * here and their word on WooCommerce, coming in.
 */
export class ShopStockRepository {
  constructor(private readonly db: Database) {}

  /** The stock moves of one of this till's entries (none for a closure, a refund that did not restock, or lines without a product). */
  entryMoves(entry: { kind: string; order_id: number | null; refund_id: number | null }): EntryStockMove[] {
    if (entry.order_id === null || (entry.kind !== 'sale' && entry.kind !== 'refund')) return [];
    return prepared<[{ kind: string; order: number; refund: number | null }], EntryStockMove>(this.db, ENTRY_MOVES).all({
      kind: entry.kind,
      order: entry.order_id,
      refund: entry.refund_id,
    });
  }

  /**
   * What WooCommerce holds of this till's journal, or undefined when the till is not connected to
   * one (its entries never go there). The last sequence is read before the unsent ones: an entry
   * committed in between is past `through`, so it is never said to be held before it is.
   */
  ownHolds(): WooCommerceHolds | undefined {
    if (prepared<[], number>(this.db, 'SELECT COUNT(*) FROM sync_connection').pluck(true).get() === 0) return undefined;
    const through = prepared<[], number | null>(this.db, 'SELECT MAX(till_sequence) FROM journal_replica').pluck(true).get() ?? 0;
    const unsent = prepared<[number], number>(
      this.db,
      `SELECT r.till_sequence FROM sync_outbox o JOIN journal_replica r ON r.entry_id = o.journal_id
        WHERE o.state IN ${UNSENT_STATES} AND o.kind IN ('sale', 'refund') AND r.till_sequence <= ? ORDER BY r.till_sequence`,
    )
      .pluck(true)
      .all(through);
    return { through, unsent: asRanges(unsent) };
  }

  /**
   * From when another till's entries move this till's stock: the later of when this till joined the
   * shop and when it learned of that till. What each till sold before the two were in one shop is
   * already in its own count of the shelf (or WooCommerce's), so its history, replicated whole when
   * a till joins, moves nothing. '' when neither is known (no identity: nothing is left out).
   */
  movesCountFrom(tillId: string): string {
    return (
      prepared<[string], string>(
        this.db,
        `SELECT MAX(COALESCE((SELECT created_gmt FROM till_identity), ''), COALESCE((SELECT paired_gmt FROM peers WHERE id = ?), ''))`,
      )
        .pluck(true)
        .get(tillId) ?? ''
    );
  }

  /** This till's product for another till's move: by WooCommerce id where both are linked to it, else by a SKU only one product has. */
  localProductOf(move: EntryStockMove): number | undefined {
    if (move.woo_id !== null) {
      const mapped = prepared<[number], number>(this.db, "SELECT local_id FROM sync_catalogue_ids WHERE resource = 'product' AND remote_id = ?")
        .pluck(true)
        .get(move.woo_id);
      if (mapped !== undefined) return mapped;
    }
    if (move.sku === '') return undefined;
    const bySku = prepared<[string], number>(this.db, 'SELECT id FROM products WHERE sku = ? LIMIT 2').pluck(true).all(move.sku);
    return bySku.length === 1 ? bySku[0] : undefined;
  }

  /**
   * Keeps another till's moves of one entry (already applied to this till's stock by the caller),
   * held from now on when that till's last word on WooCommerce already covers the entry. In the
   * projection's transaction.
   */
  recordMoves(tillId: string, tillSequence: number, moves: ReadonlyArray<{ product_id: number; milli: number }>): void {
    if (moves.length === 0) return;
    const holds = prepared<[string], { woo_through: number; woo_unsent: string }>(this.db, 'SELECT woo_through, woo_unsent FROM shop_tills WHERE id = ?').get(
      tillId,
    );
    const held = holds !== undefined && tillSequence <= holds.woo_through && !inRanges(tillSequence, JSON.parse(holds.woo_unsent) as Array<[number, number]>);
    const stamp = held ? this.nextStamp() : null;
    const insert = prepared(
      this.db,
      `INSERT INTO shop_stock_moves (till_id, till_sequence, product_id, milli, held_stamp) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (till_id, till_sequence, product_id) DO UPDATE SET milli = milli + excluded.milli`,
    );
    for (const move of moves) insert.run(tillId, tillSequence, move.product_id, move.milli, stamp);
  }

  /** Lines of another till's entries that matched no product here: counted per till, never applied. */
  countUnmatched(tillId: string, lines: number): void {
    if (lines > 0) prepared(this.db, 'UPDATE shop_tills SET stock_unmatched = stock_unmatched + ? WHERE id = ?').run(lines, tillId);
  }

  unmatched(tillId: string): number {
    return prepared<[string], number>(this.db, 'SELECT stock_unmatched FROM shop_tills WHERE id = ?').pluck(true).get(tillId) ?? 0;
  }

  /**
   * Another till's word on what WooCommerce holds of its journal: its moves now held are stamped
   * with the next value of the counter. In the projection's transaction (the till's row exists).
   */
  applyHolds(tillId: string, holds: WooCommerceHolds): void {
    const unsent = JSON.stringify(holds.unsent);
    prepared(this.db, 'UPDATE shop_tills SET woo_through = ?, woo_unsent = ? WHERE id = ?').run(holds.through, unsent, tillId);
    const stamp = this.stamp() + 1;
    const changed = prepared(
      this.db,
      `UPDATE shop_stock_moves SET held_stamp = @stamp
        WHERE till_id = @till AND held_stamp IS NULL AND till_sequence <= @through
          AND NOT EXISTS (SELECT 1 FROM json_each(@unsent) r WHERE till_sequence BETWEEN json_extract(r.value, '$[0]') AND json_extract(r.value, '$[1]'))`,
    ).run({ stamp, till: tillId, through: holds.through, unsent }).changes;
    if (changed > 0) this.setStamp(stamp);
  }

  /** The counter's value: news stamped at or below it was held here by then. */
  stamp(): number {
    return Number(prepared<[string], string>(this.db, 'SELECT value FROM replica_state WHERE key = ?').pluck(true).get(STAMP_KEY) ?? '0');
  }

  /**
   * The WooCommerce ids (a variation's parent's) of the products with a move of another till held
   * since the counter stood at `stamp`: a pull that read them before may have counted such a move
   * twice, so they are read again.
   */
  heldSince(stamp: number): number[] {
    return prepared<[number], number>(
      this.db,
      `SELECT DISTINCT COALESCE(parent.remote_id, own.remote_id) FROM shop_stock_moves s
         JOIN products p ON p.id = s.product_id
         JOIN sync_catalogue_ids own ON own.resource = 'product' AND own.local_id = p.id
         LEFT JOIN sync_catalogue_ids parent ON p.type = 'variation' AND parent.resource = 'product' AND parent.local_id = p.parent_id
        WHERE s.held_stamp > ? ORDER BY 1`,
    )
      .pluck(true)
      .all(stamp);
  }

  private nextStamp(): number {
    const stamp = this.stamp() + 1;
    this.setStamp(stamp);
    return stamp;
  }

  private setStamp(stamp: number): void {
    prepared(this.db, 'INSERT INTO replica_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      STAMP_KEY,
      String(stamp),
    );
  }
}

/** Ascending sequences as inclusive ranges: an outbox held back while offline is one range, however long. */
function asRanges(sequences: readonly number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const sequence of sequences) {
    const last = ranges.at(-1);
    if (last !== undefined && last[1] + 1 >= sequence) last[1] = Math.max(last[1], sequence);
    else ranges.push([sequence, sequence]);
  }
  return ranges;
}

function inRanges(sequence: number, ranges: ReadonlyArray<[number, number]>): boolean {
  return ranges.some(([from, to]) => sequence >= from && sequence <= to);
}
