import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { ProductFields, TermRecord, Taxonomy } from '../../model/catalogue/types.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import type { TaxRate } from '../../model/taxes/rates.js';

/**
 * A product or variation as WooCommerce has it, in the till's stored form (server/sync/pull/records.ts
 * makes it). Stock is apart: the pull writes it only when WooCommerce's changed.
 */
export type PulledProductRow = Omit<ProductFields, 'stock_quantity'> & { term_ids: number[] };

/** A term; `parent` is the local id of its parent term (0 at the top). */
export type PulledTermRow = Omit<TermRecord, 'id' | 'count'>;

export type PulledCouponRow = Omit<CouponRecord, 'id'>;

/** A tax rate as the table stores it: the record's `order` and `taxClass` (`standard` or a class slug) in the columns `rate_order` and `class`. */
export type PulledTaxRateRow = Omit<TaxRate, 'id' | 'order' | 'taxClass'> & { rate_order: TaxRate['order']; class: TaxRate['taxClass'] };

/** SQLite has no booleans and keeps lists as JSON text. */
function stored(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'boolean' ? (value ? 1 : 0) : Array.isArray(value) ? JSON.stringify(value) : value]),
  );
}

const insertSql = (table: string, columns: readonly string[]): string =>
  `INSERT INTO ${table} (id, ${columns.join(', ')}) VALUES (@id, ${columns.map((column) => `@${column}`).join(', ')})`;
const updateSql = (table: string, columns: readonly string[]): string =>
  `UPDATE ${table} SET ${columns.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`;

/**
 * The SQL of the catalogue pull's writes but the products' rows (ProductWritesRepository writes
 * those): whole rows as WooCommerce has them, at the ids the pull chose (WooCommerce's own on a till
 * connected from empty), each written with its row's columns. The database's triggers keep the
 * search index, the product documents and the stock ledger in step, as for every other write.
 */
export class SyncCatalogueRowsRepository {
  constructor(private readonly db: Database) {}

  /** Sets a product's stock (the stock ledger's trigger records it with the caller's reason). */
  writeStock(id: number, quantity: number | null, stockStatus: string): void {
    prepared(this.db, 'UPDATE products SET stock_quantity = ?, stock_status = ? WHERE id = ?').run(quantity, stockStatus, id);
  }

  /** A product or variation's id by SKU (exact case, as the column's uniqueness compares). */
  productBySku(sku: string): number | undefined {
    return prepared<[string], { id: number }>(this.db, 'SELECT id FROM products WHERE sku = ?').get(sku)?.id;
  }

  productExists(id: number): boolean {
    return prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM products WHERE id = ?').get(id)?.n === 1;
  }

  productStatus(id: number): string | undefined {
    return prepared<[number], { status: string }>(this.db, 'SELECT status FROM products WHERE id = ?').get(id)?.status;
  }

  /** `product` or `variation`, undefined when there is no such row. */
  productType(id: number): 'product' | 'variation' | undefined {
    const type = prepared<[number], { type: string }>(this.db, 'SELECT type FROM products WHERE id = ?').get(id)?.type;
    return type === undefined ? undefined : type === 'variation' ? 'variation' : 'product';
  }

  /**
   * Moves a product (with its variations) or a variation to the trash: past sales and the stock ledger
   * keep naming it, and a restore in WooCommerce brings it back at the same id.
   */
  trashProduct(id: number): void {
    prepared(this.db, "UPDATE products SET status = 'trash' WHERE id = ? OR (parent_id = ? AND type = 'variation')").run(id, id);
  }

  /** The local ids of a variable product's variations. */
  variationIds(parentId: number): number[] {
    return prepared<[number], { id: number }>(this.db, "SELECT id FROM products WHERE parent_id = ? AND type = 'variation'")
      .all(parentId)
      .map((row) => row.id);
  }

  /** Writes a term at `id` (null: a new id); returns its id. */
  writeTerm(id: number | null, row: PulledTermRow): number {
    if (id !== null && prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM terms WHERE id = ?').get(id)?.n === 1) {
      prepared(this.db, updateSql('terms', Object.keys(row))).run({ ...row, id });
      return id;
    }
    return Number(prepared(this.db, insertSql('terms', Object.keys(row))).run({ ...row, id }).lastInsertRowid);
  }

  termBySlug(taxonomy: Taxonomy, slug: string): number | undefined {
    return prepared<[string, string], { id: number }>(this.db, 'SELECT id FROM terms WHERE taxonomy = ? AND slug = ?').get(taxonomy, slug)?.id;
  }

  termExists(id: number): boolean {
    return prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM terms WHERE id = ?').get(id)?.n === 1;
  }

  termTaxonomy(id: number): Taxonomy | undefined {
    return prepared<[number], { taxonomy: Taxonomy }>(this.db, 'SELECT taxonomy FROM terms WHERE id = ?').get(id)?.taxonomy;
  }

  deleteTerm(id: number): void {
    prepared(this.db, 'UPDATE terms SET parent = 0 WHERE parent = ?').run(id);
    prepared(this.db, 'DELETE FROM terms WHERE id = ?').run(id);
  }

  writeCoupon(id: number | null, row: PulledCouponRow): number {
    const values = stored(row);
    if (id !== null && prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM coupons WHERE id = ?').get(id)?.n === 1) {
      prepared(this.db, updateSql('coupons', Object.keys(values))).run({ ...values, id });
      return id;
    }
    return Number(prepared(this.db, insertSql('coupons', Object.keys(values))).run({ ...values, id }).lastInsertRowid);
  }

  /** Case-insensitively, as the column collates. */
  couponByCode(code: string): number | undefined {
    return prepared<[string], { id: number }>(this.db, 'SELECT id FROM coupons WHERE code = ?').get(code)?.id;
  }

  couponExists(id: number): boolean {
    return prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM coupons WHERE id = ?').get(id)?.n === 1;
  }

  deleteCoupon(id: number): void {
    prepared(this.db, 'DELETE FROM coupons WHERE id = ?').run(id);
  }

  /** Makes the tax classes WooCommerce's, in its order; a class still used by a local product is kept. */
  writeTaxClasses(classes: ReadonlyArray<{ slug: string; name: string }>): { created: number; updated: number; deleted: number } {
    const current = new Map(
      prepared<[], { slug: string; name: string; position: number }>(this.db, 'SELECT slug, name, position FROM tax_classes')
        .all()
        .map((row) => [row.slug, row]),
    );
    const counts = { created: 0, updated: 0, deleted: 0 };
    classes.forEach((taxClass, position) => {
      const before = current.get(taxClass.slug);
      if (!before) {
        prepared(this.db, 'INSERT INTO tax_classes (slug, name, position) VALUES (?, ?, ?)').run(taxClass.slug, taxClass.name, position);
        counts.created++;
      } else if (before.name !== taxClass.name || before.position !== position) {
        prepared(this.db, 'UPDATE tax_classes SET name = ?, position = ? WHERE slug = ?').run(taxClass.name, position, taxClass.slug);
        counts.updated++;
      }
    });
    const wanted = new Set(classes.map((taxClass) => taxClass.slug));
    for (const slug of current.keys()) {
      if (wanted.has(slug) || slug === 'standard') continue;
      const used =
        prepared<[string, string], { n: number }>(
          this.db,
          'SELECT (SELECT COUNT(*) FROM tax_rates WHERE class = ?) + (SELECT COUNT(*) FROM products WHERE tax_class = ?) AS n',
        ).get(slug, slug)?.n ?? 0;
      if (used > 0) continue;
      prepared(this.db, 'DELETE FROM tax_classes WHERE slug = ?').run(slug);
      counts.deleted++;
    }
    return counts;
  }

  writeTaxRate(id: number | null, row: PulledTaxRateRow): number {
    const values = stored(row);
    if (id !== null && prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM tax_rates WHERE id = ?').get(id)?.n === 1) {
      prepared(this.db, updateSql('tax_rates', Object.keys(values))).run({ ...values, id });
      return id;
    }
    return Number(prepared(this.db, insertSql('tax_rates', Object.keys(values))).run({ ...values, id }).lastInsertRowid);
  }

  taxRateIds(): number[] {
    return prepared<[], { id: number }>(this.db, 'SELECT id FROM tax_rates ORDER BY id')
      .all()
      .map((row) => row.id);
  }

  deleteTaxRate(id: number): void {
    prepared(this.db, 'DELETE FROM tax_rates WHERE id = ?').run(id);
  }
}
