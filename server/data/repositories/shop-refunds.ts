import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { RefundedItem } from '../../model/orders/refund-types.js';

/** A sale of another till, held here as an order of this till's (migration 29). */
export interface AdoptedOrder {
  /** The copy's id here. */
  order_id: number;
  origin_till_id: string;
  origin_order_id: number;
  /** The sale's journal entry id at its till: the uuid WooCommerce knows its order by. */
  origin_uuid: string;
  origin_number: string;
  /** When the sale was journaled at its till: where a look-up of its order in WooCommerce starts. */
  origin_date_gmt: string;
  /** Each item of the copy (its id here) and the origin's item it copies. */
  items: Map<number, number>;
}

interface AdoptedRow extends Omit<AdoptedOrder, 'items'> {
  items: string;
}

/** A refund another till made, by the sale it refunds at its origin; its lines name the origin's items. */
export interface ShopRefund {
  till_id: string;
  refund_id: number;
  origin_till_id: string;
  origin_order_id: number;
  amount: string;
  gateway_id: string;
  line_items: RefundedItem[];
  date_created_gmt: string;
}

interface ShopRefundRow extends Omit<ShopRefund, 'line_items'> {
  line_items: string;
}

/** A sale at its origin: the till that made it and its order id there. */
export interface OriginKey {
  till_id: string;
  order_id: number;
}

function adoptedOf(row: AdoptedRow): AdoptedOrder {
  const items = JSON.parse(row.items) as Record<string, number>;
  return { ...row, items: new Map(Object.entries(items).map(([local, origin]) => [Number(local), origin])) };
}

/** What a refund at any till of any till's sale reads and writes here: the adopted copies and the other tills' refunds. */
export class ShopRefundsRepository {
  constructor(private readonly db: Database) {}

  insertAdopted(adopted: AdoptedOrder): void {
    prepared(
      this.db,
      `INSERT INTO adopted_orders (order_id, origin_till_id, origin_order_id, origin_uuid, origin_number, origin_date_gmt, items)
       VALUES (@order_id, @origin_till_id, @origin_order_id, @origin_uuid, @origin_number, @origin_date_gmt, @items)`,
    ).run({ ...adopted, items: JSON.stringify(Object.fromEntries(adopted.items)) });
  }

  adoptedByOrigin(origin: OriginKey): AdoptedOrder | undefined {
    const row = prepared<[string, number], AdoptedRow>(this.db, 'SELECT * FROM adopted_orders WHERE origin_till_id = ? AND origin_order_id = ?').get(
      origin.till_id,
      origin.order_id,
    );
    return row && adoptedOf(row);
  }

  adopted(orderId: number): AdoptedOrder | undefined {
    const row = prepared<[number], AdoptedRow>(this.db, 'SELECT * FROM adopted_orders WHERE order_id = ?').get(orderId);
    return row && adoptedOf(row);
  }

  /** The journal entry id of another till's sale, as projected here (undefined before it arrived). */
  saleEntryOf(origin: OriginKey): { entry_id: string; date_created_gmt: string } | undefined {
    return prepared<[string, number], { entry_id: string; date_created_gmt: string }>(
      this.db,
      "SELECT entry_id, date_created_gmt FROM shop_entries WHERE till_id = ? AND order_id = ? AND kind = 'sale' ORDER BY till_sequence LIMIT 1",
    ).get(origin.till_id, origin.order_id);
  }

  /** Holds another till's refund; the same one again changes nothing. */
  insertRefund(refund: ShopRefund): void {
    prepared(
      this.db,
      `INSERT OR IGNORE INTO shop_refunds (till_id, refund_id, origin_till_id, origin_order_id, amount, gateway_id, line_items, date_created_gmt)
       VALUES (@till_id, @refund_id, @origin_till_id, @origin_order_id, @amount, @gateway_id, @line_items, @date_created_gmt)`,
    ).run({ ...refund, line_items: JSON.stringify(refund.line_items) });
  }

  /** The refunds of one sale made at the other tills (all but `exceptTill`, this one, whose refunds are its own rows). */
  refundsOf(origin: OriginKey, exceptTill: string): ShopRefund[] {
    return prepared<[string, number, string], ShopRefundRow>(
      this.db,
      'SELECT * FROM shop_refunds WHERE origin_till_id = ? AND origin_order_id = ? AND till_id <> ? ORDER BY date_created_gmt, till_id, refund_id',
    )
      .all(origin.till_id, origin.order_id, exceptTill)
      .map((row) => ({ ...row, line_items: JSON.parse(row.line_items) as RefundedItem[] }));
  }
}
