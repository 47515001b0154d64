import type { Database } from '../database.js';
import { prepared } from '../statements.js';

/** The copies this till holds of other tills' sales (adopted_orders) keep the number their till gave them. */
const NUMBERS = 'SELECT order_id, number FROM order_numbers UNION ALL SELECT order_id, origin_number AS number FROM adopted_orders';

/** The receipt numbers of this till's sales in its shop series ("A-1042"), and of the sales it adopted. */
export class OrderNumbersRepository {
  constructor(private readonly db: Database) {}

  /** The next place in this till's series: one after the last number given, whatever its prefix. */
  nextIndex(): number {
    return (prepared<[], { last: number | null }>(this.db, 'SELECT MAX(series_index) AS last FROM order_numbers').get()?.last ?? 0) + 1;
  }

  insert(orderId: number, seriesIndex: number, number: string): void {
    prepared(this.db, 'INSERT INTO order_numbers (order_id, series_index, number) VALUES (?, ?, ?)').run(orderId, seriesIndex, number);
  }

  numberOf(orderId: number): string | undefined {
    return prepared<[number], string>(this.db, `SELECT number FROM (${NUMBERS}) WHERE order_id = ?`).pluck(true).get(orderId);
  }

  /** The numbers of several orders at once (a page of the order list). */
  numbersOf(orderIds: readonly number[]): Map<number, string> {
    if (orderIds.length === 0) return new Map();
    // One statement for any page size: the ids go in as one JSON array.
    const rows = prepared<[string], { order_id: number; number: string }>(
      this.db,
      `SELECT order_id, number FROM (${NUMBERS}) WHERE order_id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(orderIds));
    return new Map(rows.map((row) => [row.order_id, row.number]));
  }
}
