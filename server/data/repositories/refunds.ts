import type { Database } from '../database.js';
import type { MetaData } from '../../model/stores.js';
import type { RefundedItem, RefundRecord } from '../../model/orders/refund-types.js';
import { prepared } from '../statements.js';

interface RefundRow {
  id: number;
  order_id: number;
  amount: string;
  reason: string;
  refunded_by: number | null;
  refunded_payment: number;
  restock: number;
  line_items: string;
  meta_data: string;
  date_created_gmt: string;
}

function toRecord(row: RefundRow): RefundRecord {
  return {
    ...row,
    refunded_payment: row.refunded_payment === 1,
    restock: row.restock === 1,
    line_items: JSON.parse(row.line_items) as RefundedItem[],
    meta_data: JSON.parse(row.meta_data) as MetaData,
  };
}

export class RefundsRepository {
  constructor(private readonly db: Database) {}

  create(refund: Omit<RefundRecord, 'id'>): RefundRecord {
    const { lastInsertRowid } = prepared(
      this.db,
      `INSERT INTO refunds (order_id, amount, reason, refunded_by, refunded_payment, restock, line_items, meta_data, date_created_gmt)
         VALUES (@order_id, @amount, @reason, @refunded_by, @refunded_payment, @restock, @line_items, @meta_data, @date_created_gmt)`,
    ).run({
      ...refund,
      refunded_payment: refund.refunded_payment ? 1 : 0,
      restock: refund.restock ? 1 : 0,
      line_items: JSON.stringify(refund.line_items),
      meta_data: JSON.stringify(refund.meta_data),
    });
    const row = prepared<[number], RefundRow>(this.db, 'SELECT * FROM refunds WHERE id = ?').get(Number(lastInsertRowid));
    if (!row) throw new Error('refund vanished after insert');
    return toRecord(row);
  }

  /** An order's refunds, newest first (as WooCommerce lists them). */
  forOrder(orderId: number): RefundRecord[] {
    return prepared<[number], RefundRow>(this.db, 'SELECT * FROM refunds WHERE order_id = ? ORDER BY date_created_gmt DESC, id DESC')
      .all(orderId)
      .map(toRecord);
  }

  forOrders(orderIds: readonly number[]): Map<number, RefundRecord[]> {
    const result = new Map<number, RefundRecord[]>();
    if (orderIds.length === 0) return result;
    // The ids go in as one JSON array, so any number of them is one cached statement.
    const rows = prepared<[string], RefundRow>(
      this.db,
      'SELECT * FROM refunds WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY date_created_gmt DESC, id DESC',
    ).all(JSON.stringify(orderIds));
    for (const row of rows) result.set(row.order_id, [...(result.get(row.order_id) ?? []), toRecord(row)]);
    return result;
  }
}
