import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { CheckoutRecord } from '../../model/records/checkouts.js';

interface CheckoutRow extends Omit<CheckoutRecord, 'provider_data' | 'response'> {
  provider_data: string;
  response: string;
}

function toRecord(row: CheckoutRow): CheckoutRecord {
  return { ...row, provider_data: JSON.parse(row.provider_data) as Record<string, unknown>, response: JSON.parse(row.response) as unknown };
}

export class CheckoutsRepository {
  constructor(private readonly db: Database) {}

  findByKey(orderId: number, idempotencyKey: string): CheckoutRecord | undefined {
    const row = prepared<[number, string], CheckoutRow>(this.db, 'SELECT * FROM checkouts WHERE order_id = ? AND idempotency_key = ?').get(
      orderId,
      idempotencyKey,
    );
    return row && toRecord(row);
  }

  /** The order's latest attempt (ties, within a second, go to the one inserted last). */
  latest(orderId: number): CheckoutRecord | undefined {
    const row = prepared<[number], CheckoutRow>(this.db, 'SELECT * FROM checkouts WHERE order_id = ? ORDER BY date_created_gmt DESC, rowid DESC LIMIT 1').get(
      orderId,
    );
    return row && toRecord(row);
  }

  /** The attempt that paid the order, if one did. */
  completed(orderId: number): CheckoutRecord | undefined {
    const row = prepared<[number], CheckoutRow>(
      this.db,
      "SELECT * FROM checkouts WHERE order_id = ? AND status = 'completed' ORDER BY date_created_gmt DESC, rowid DESC LIMIT 1",
    ).get(orderId);
    return row && toRecord(row);
  }

  /** The stored answer of checkout `id`, replaced: what a replay of its Idempotency-Key gets. */
  setResponse(id: string, response: unknown): void {
    prepared<[string, string]>(this.db, 'UPDATE checkouts SET response = ? WHERE id = ?').run(JSON.stringify(response), id);
  }

  insert(record: CheckoutRecord): void {
    prepared(
      this.db,
      `INSERT INTO checkouts (id, order_id, gateway_id, action, status, provider_data, idempotency_key, request_hash, response, response_status, created_by, date_created_gmt)
         VALUES (@id, @order_id, @gateway_id, @action, @status, @provider_data, @idempotency_key, @request_hash, @response, @response_status, @created_by, @date_created_gmt)`,
    ).run({ ...record, provider_data: JSON.stringify(record.provider_data), response: JSON.stringify(record.response) });
  }
}
