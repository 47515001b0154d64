import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { INSERT_COLUMNS } from './product-rows.js';
import type { CatalogueItemType, TaxStatus, Taxonomy } from '../../model/catalogue/types.js';
import type { MetaData } from '../../model/stores.js';

/**
 * A product or variation as WooCommerce has it, in the till's stored form (server/sync/pull/records.ts
 * makes it). Stock is apart: the pull writes it only when WooCommerce's changed.
 */
export interface PulledProductRow {
  parent_id: number;
  type: CatalogueItemType;
  name: string;
  slug: string;
  status: string;
  featured: boolean;
  catalog_visibility: string;
  description: string;
  short_description: string;
  sku: string;
  barcode: string;
  regular_price: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
  virtual: boolean;
  tax_status: TaxStatus;
  tax_class: string;
  manage_stock: boolean;
  stock_status: string;
  backorders: string;
  sold_individually: boolean;
  weight: string;
  menu_order: number;
  total_sales: number;
  /** A product's attributes, or a variation's choices (they share the column). */
  attributes: unknown[];
  default_attributes: unknown[];
  images: unknown[];
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
  /** Local term ids. */
  term_ids: number[];
}

export interface PulledTermRow {
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  /** The local id of the parent term (0 at the top). */
  parent: number;
  description: string;
  menu_order: number;
}

export interface PulledCouponRow {
  code: string;
  amount: string;
  discount_type: string;
  status: string;
  description: string;
  date_expires_gmt: string | null;
  usage_count: number;
  individual_use: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  product_categories: number[];
  excluded_product_categories: number[];
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  free_shipping: boolean;
  exclude_sale_items: boolean;
  minimum_amount: string;
  maximum_amount: string;
  email_restrictions: string[];
  used_by: string[];
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
}

export interface PulledTaxRateRow {
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  rate_order: number;
  /** `standard` or a class slug. */
  class: string;
}

/** A product row's written columns, less its stock: the pull writes stock apart, with this till's unsent moves on top (sync/pull/stock.ts). */
const PRODUCT_COLUMNS = INSERT_COLUMNS.filter((column) => column !== 'stock_quantity');

const COUPON_COLUMNS = [
  'code',
  'amount',
  'discount_type',
  'status',
  'description',
  'date_expires_gmt',
  'usage_count',
  'individual_use',
  'product_ids',
  'excluded_product_ids',
  'product_categories',
  'excluded_product_categories',
  'usage_limit',
  'usage_limit_per_user',
  'limit_usage_to_x_items',
  'free_shipping',
  'exclude_sale_items',
  'minimum_amount',
  'maximum_amount',
  'email_restrictions',
  'used_by',
  'meta_data',
  'date_created_gmt',
  'date_modified_gmt',
] as const;

const TAX_RATE_COLUMNS = ['country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'rate_order', 'class'] as const;

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
 * The SQL of the catalogue pull's writes: whole rows as WooCommerce has them, at the ids the pull
 * chose (WooCommerce's own on a till connected from empty). The database's triggers keep the search
 * index, the product documents and the stock ledger in step, as for every other write.
 */
export class SyncCatalogueRowsRepository {
  constructor(private readonly db: Database) {}

  /** Writes a product or variation at `id` (null: a new id); returns its id. */
  writeProduct(id: number | null, row: PulledProductRow): number {
    const { term_ids: termIds, ...fields } = row;
    const values = stored({ ...fields, sku: fields.sku === '' ? null : fields.sku, barcode: fields.barcode === '' ? null : fields.barcode });
    let productId = id;
    if (productId !== null && prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM products WHERE id = ?').get(productId)?.n === 1) {
      prepared(this.db, updateSql('products', PRODUCT_COLUMNS)).run({ ...values, id: productId });
    } else {
      productId = Number(prepared(this.db, insertSql('products', PRODUCT_COLUMNS)).run({ ...values, id: productId }).lastInsertRowid);
    }
    const current = new Set(
      prepared<[number], { term_id: number }>(this.db, 'SELECT term_id FROM product_terms WHERE product_id = ?')
        .all(productId)
        .map((r) => r.term_id),
    );
    const wanted = new Set(termIds);
    for (const termId of current)
      if (!wanted.has(termId)) prepared(this.db, 'DELETE FROM product_terms WHERE product_id = ? AND term_id = ?').run(productId, termId);
    for (const termId of wanted)
      if (!current.has(termId)) prepared(this.db, 'INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)').run(productId, termId);
    return productId;
  }

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
      prepared(this.db, updateSql('coupons', COUPON_COLUMNS)).run({ ...values, id });
      return id;
    }
    return Number(prepared(this.db, insertSql('coupons', COUPON_COLUMNS)).run({ ...values, id }).lastInsertRowid);
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
      prepared(this.db, updateSql('tax_rates', TAX_RATE_COLUMNS)).run({ ...values, id });
      return id;
    }
    return Number(prepared(this.db, insertSql('tax_rates', TAX_RATE_COLUMNS)).run({ ...values, id }).lastInsertRowid);
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
