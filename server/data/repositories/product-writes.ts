import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import type { ProductRecord, Taxonomy } from '../../model/catalogue/types.js';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';

/** The product fields the catalogue API writes besides stock (which goes through ProductStockRepository and the ledger). */
export type ProductFieldChanges = Partial<
  Pick<
    ProductRecord,
    | 'name'
    | 'slug'
    | 'status'
    | 'featured'
    | 'catalog_visibility'
    | 'description'
    | 'short_description'
    | 'sku'
    | 'barcode'
    | 'regular_price'
    | 'sale_price'
    | 'date_on_sale_from_gmt'
    | 'date_on_sale_to_gmt'
    | 'virtual'
    | 'tax_status'
    | 'tax_class'
    | 'stock_status'
    | 'backorders'
    | 'sold_individually'
    | 'weight'
    | 'menu_order'
    | 'attributes'
    | 'variation_attributes'
    | 'default_attributes'
    | 'images'
    | 'meta_data'
    | 'pos_visibility'
  >
>;

const flag = (value: unknown) => (value === true ? 1 : 0);
const json = (value: unknown) => JSON.stringify(value);
const orNull = (value: unknown) => (value === '' ? null : value);
const same = (value: unknown) => value;

/** Each field's column and stored form. */
const COLUMNS: Record<keyof ProductFieldChanges, [string, (value: unknown) => unknown]> = {
  name: ['name', same],
  slug: ['slug', same],
  status: ['status', same],
  featured: ['featured', flag],
  catalog_visibility: ['catalog_visibility', same],
  description: ['description', same],
  short_description: ['short_description', same],
  sku: ['sku', orNull],
  barcode: ['barcode', orNull],
  regular_price: ['regular_price', same],
  sale_price: ['sale_price', same],
  date_on_sale_from_gmt: ['date_on_sale_from_gmt', same],
  date_on_sale_to_gmt: ['date_on_sale_to_gmt', same],
  virtual: ['virtual', flag],
  tax_status: ['tax_status', same],
  tax_class: ['tax_class', same],
  stock_status: ['stock_status', same],
  backorders: ['backorders', same],
  sold_individually: ['sold_individually', flag],
  weight: ['weight', same],
  menu_order: ['menu_order', same],
  // Products and variations share the attributes column: a product's attributes, a variation's choices.
  attributes: ['attributes', json],
  variation_attributes: ['attributes', json],
  default_attributes: ['default_attributes', json],
  images: ['images', json],
  meta_data: ['meta_data', json],
  pos_visibility: ['pos_visibility', same],
};

/** The SQL of catalogue writes through the API: field updates, terms, deletion, and the uniqueness checks. */
export class ProductWritesRepository {
  constructor(private readonly db: Database) {}

  /** Writes the given fields and stamps the modification date (the sync audit reads it); the search index follows by trigger. */
  update(id: number, changes: ProductFieldChanges): void {
    const assignments: string[] = [];
    const values: Record<string, unknown> = { id, date_modified_gmt: gmtNow() };
    for (const [key, value] of Object.entries(changes) as Array<[keyof ProductFieldChanges, unknown]>) {
      if (value === undefined) continue;
      const [column, encode] = COLUMNS[key];
      assignments.push(`${column} = @${column}`);
      values[column] = encode(value);
    }
    prepared(this.db, `UPDATE products SET ${[...assignments, 'date_modified_gmt = @date_modified_gmt'].join(', ')} WHERE id = @id`).run(values);
  }

  /** Makes a product's terms of one taxonomy exactly `termIds`. */
  replaceTerms(productId: number, taxonomy: Taxonomy, termIds: readonly number[]): void {
    prepared(this.db, 'DELETE FROM product_terms WHERE product_id = ? AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)').run(productId, taxonomy);
    const add = prepared(this.db, 'INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)');
    for (const termId of termIds) add.run(productId, termId);
  }

  /** Deletes a product with its variations (their terms and stock ledgers go with them). */
  delete(id: number): void {
    prepared(this.db, "DELETE FROM products WHERE parent_id = ? AND type = 'variation'").run(id);
    prepared(this.db, 'DELETE FROM products WHERE id = ?').run(id);
  }

  /** Another product or variation with this SKU (case-insensitively, as WooCommerce compares them). */
  skuOwner(sku: string, exceptId: number): number | undefined {
    return prepared<[string, number], { id: number }>(this.db, 'SELECT id FROM products WHERE sku = ? COLLATE NOCASE AND id <> ? LIMIT 1').get(sku, exceptId)
      ?.id;
  }

  /** Another product or variation (not in the trash) with one of these barcodes. */
  barcodeOwner(barcodes: readonly string[], exceptId: number): number | undefined {
    const params = new SqlParams();
    return prepared<[Record<string, unknown>], { id: number }>(
      this.db,
      `SELECT id FROM products WHERE barcode IN (${params.list(barcodes)}) AND status <> 'trash' AND id <> ${params.bind(exceptId)} LIMIT 1`,
    ).get(params.values)?.id;
  }

  /** The ids among `ids` that are not terms of `taxonomy`. */
  missingTerms(taxonomy: Taxonomy, ids: readonly number[]): number[] {
    if (ids.length === 0) return [];
    const params = new SqlParams();
    const found = new Set(
      prepared<[Record<string, unknown>], { id: number }>(
        this.db,
        `SELECT id FROM terms WHERE taxonomy = ${params.bind(taxonomy)} AND id IN (${params.list(ids)})`,
      )
        .all(params.values)
        .map((row) => row.id),
    );
    return ids.filter((id) => !found.has(id));
  }
}
