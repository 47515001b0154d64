import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';

export type CouponChanges = Partial<Omit<CouponRecord, 'id' | 'usage_count' | 'used_by' | 'date_created_gmt' | 'date_modified_gmt'>>;

const JSON_COLUMNS = new Set(['product_ids', 'excluded_product_ids', 'product_categories', 'excluded_product_categories', 'email_restrictions', 'meta_data']);
const FLAG_COLUMNS = new Set(['individual_use', 'free_shipping', 'exclude_sale_items']);

/** Coupon updates and deletion through the API, and the checks they need. */
export class CouponWritesRepository {
  constructor(private readonly db: Database) {}

  update(id: number, changes: CouponChanges): void {
    const assignments: string[] = [];
    const values: Record<string, unknown> = { id, date_modified_gmt: gmtNow() };
    for (const [column, value] of Object.entries(changes) as Array<[string, unknown]>) {
      if (value === undefined) continue;
      assignments.push(`${column} = @${column}`);
      values[column] = JSON_COLUMNS.has(column) ? JSON.stringify(value) : FLAG_COLUMNS.has(column) ? (value === true ? 1 : 0) : value;
    }
    prepared(this.db, `UPDATE coupons SET ${[...assignments, 'date_modified_gmt = @date_modified_gmt'].join(', ')} WHERE id = @id`).run(values);
  }

  delete(id: number): void {
    prepared(this.db, 'DELETE FROM coupons WHERE id = ?').run(id);
  }

  /** Another coupon with this code (codes compare case-insensitively). */
  codeOwner(code: string, exceptId: number): number | undefined {
    return prepared<[string, number], { id: number }>(this.db, 'SELECT id FROM coupons WHERE code = ? AND id <> ? LIMIT 1').get(code, exceptId)?.id;
  }

  /** The ids among `ids` that are not products or variations. */
  missingProducts(ids: readonly number[]): number[] {
    if (ids.length === 0) return [];
    const params = new SqlParams();
    const found = new Set(
      prepared<[Record<string, unknown>], { id: number }>(this.db, `SELECT id FROM products WHERE id IN (${params.list(ids)})`)
        .all(params.values)
        .map((row) => row.id),
    );
    return ids.filter((id) => !found.has(id));
  }
}
