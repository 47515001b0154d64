import type { Database } from '../database.js';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';

/** Where a scanned code is looked for: the barcode column, the SKU, or a meta key of the product. */
export type BarcodeField = { column: 'barcode' } | { column: 'sku' } | { metaKey: string };

/** The products table's side of barcode lookups. */
export class BarcodesRepository {
  constructor(private readonly db: Database) {}

  /** Products (`product`) or variations (`variation`) not in the trash whose field holds one of `codes`. */
  idsMatching(field: BarcodeField, codes: readonly string[], kind: 'product' | 'variation'): number[] {
    if (codes.length === 0) return [];
    const params = new SqlParams();
    const list = params.list(codes);
    let test: string;
    if ('metaKey' in field) {
      // A custom meta field has no index: it is read from each product's meta, as WooCommerce's meta query does.
      test = `EXISTS (SELECT 1 FROM json_each(p.meta_data) m WHERE json_extract(m.value, '$.key') = ${params.bind(field.metaKey)} AND CAST(json_extract(m.value, '$.value') AS TEXT) IN (${list}))`;
    } else if (field.column === 'sku') {
      test = `p.sku COLLATE NOCASE IN (${list})`;
    } else {
      test = `p.barcode IN (${list})`;
    }
    const type = kind === 'variation' ? "p.type = 'variation'" : "p.type <> 'variation'";
    return prepared<[Record<string, unknown>], { id: number }>(
      this.db,
      `SELECT p.id FROM products p WHERE ${test} AND ${type} AND p.status <> 'trash' ORDER BY p.id`,
    )
      .all(params.values)
      .map((row) => row.id);
  }
}
