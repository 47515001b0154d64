import type { Statement } from 'better-sqlite3';
import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import { newProductFields, type ParentProduct } from '../../model/catalogue/product-rules.js';
import type { NewProduct, ProductChanges, ProductFields, Taxonomy } from '../../model/catalogue/types.js';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';
import { INSERT_COLUMNS, INSERT_PRODUCT } from './product-rows.js';

const flag = (value: unknown) => (value === true ? 1 : 0);
const json = (value: unknown) => JSON.stringify(value);
const orNull = (value: unknown) => (value === '' ? null : value);
const same = (value: unknown) => value;

/** Each field's column and stored form: SQLite has no booleans and keeps lists as JSON text; no SKU or barcode is NULL (the SKU column is UNIQUE, and NULLs never clash). */
const COLUMNS: Record<keyof ProductFields | keyof ProductChanges, [string, (value: unknown) => unknown]> = {
  parent_id: ['parent_id', same],
  type: ['type', same],
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
  manage_stock: ['manage_stock', flag],
  stock_quantity: ['stock_quantity', same],
  stock_status: ['stock_status', same],
  backorders: ['backorders', same],
  sold_individually: ['sold_individually', flag],
  weight: ['weight', same],
  menu_order: ['menu_order', same],
  total_sales: ['total_sales', same],
  // Products and variations share the attributes column: a product's attributes, a variation's choices.
  attributes: ['attributes', json],
  variation_attributes: ['attributes', json],
  default_attributes: ['default_attributes', json],
  images: ['images', json],
  meta_data: ['meta_data', json],
  date_created_gmt: ['date_created_gmt', same],
  date_modified_gmt: ['date_modified_gmt', same],
  pos_visibility: ['pos_visibility', same],
};

/** Fields of a row, as a new item, a whole row or some changes give them. */
type WrittenFields = ProductChanges & Partial<ProductFields>;

/** The given fields' stored values, by column (in the fields' order: of a product's attributes and a variation's choices, the one given last). */
function stored(fields: WrittenFields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof WrittenFields, unknown]>) {
    if (value === undefined) continue;
    const [column, encode] = COLUMNS[key];
    values[column] = encode(value);
  }
  return values;
}

/** The fields whose stored form is not their value, with their column and stored form. */
const ENCODED = (Object.entries(COLUMNS) as Array<[keyof WrittenFields, [string, (value: unknown) => unknown]]>).filter(([, [, encode]]) => encode !== same);

/**
 * A whole row's stored values, by column (the statements ignore the one field that is not a column,
 * `variation_attributes`): the attributes column holds what the item's type keeps there. A copy of
 * the fields with some replaced, because an object given 32 properties one by one becomes a
 * dictionary, which took a tenth more time over the inserts of an import.
 */
function storedRow(fields: Omit<ProductFields, 'stock_quantity'> & Partial<Pick<ProductFields, 'stock_quantity'>>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...fields };
  const given: WrittenFields = fields;
  for (const [key, [column, encode]] of ENCODED) values[column] = encode(given[key]);
  values.attributes = json(fields.type === 'variation' ? fields.variation_attributes : fields.attributes);
  return values;
}

/** A row's written columns but its stock: the pull writes stock apart, with this till's unsent moves on top. */
const COLUMNS_BUT_STOCK = INSERT_COLUMNS.filter((column) => column !== 'stock_quantity');
const INSERT_AT = `INSERT INTO products (id, ${COLUMNS_BUT_STOCK.join(', ')}) VALUES (@id, ${COLUMNS_BUT_STOCK.map((column) => `@${column}`).join(', ')})`;
const UPDATE_AT = `UPDATE products SET ${COLUMNS_BUT_STOCK.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`;

/**
 * The one writer of product and variation rows: new items with the catalogue's rules and defaults
 * (model/catalogue/product-rules.ts), changed fields, whole rows as WooCommerce has them, terms and
 * deletion; with the uniqueness checks of the API. The callers (the catalogue's API, the import, the
 * pull) open the write transaction; the database's triggers keep the search index, the product
 * documents and the stock ledger in step.
 */
export class ProductWritesRepository {
  private readonly insertRow: Statement<[Record<string, unknown>]>;
  private readonly addTerm: Statement<[number, number]>;
  private readonly slugTaken: Statement<[string], { n: number }>;
  private readonly parentOf: Statement<[number], ParentProduct>;

  // Held here so that each row of an import of 50,000 skips even the statement cache's lookup by SQL text.
  constructor(private readonly db: Database) {
    this.insertRow = prepared<[Record<string, unknown>]>(db, INSERT_PRODUCT);
    this.addTerm = prepared<[number, number]>(db, 'INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)');
    this.slugTaken = prepared<[string], { n: number }>(db, "SELECT COUNT(*) AS n FROM products WHERE slug = ? AND type <> 'variation'");
    this.parentOf = prepared<[number], ParentProduct>(db, 'SELECT name, type FROM products WHERE id = ?');
  }

  /**
   * Inserts a new product or variation with its terms; returns its id. Nothing is read back. A
   * variation's parent keeps its stock status: the caller syncs it (once for all the new variations
   * of an import). Throws when the item breaks a catalogue rule.
   */
  insert(product: NewProduct): number {
    const parent = product.type === 'variation' ? this.parentOf.get(product.parent_id ?? 0) : undefined;
    const fields = newProductFields(product, parent, { now: gmtNow(), slugTaken: (slug) => (this.slugTaken.get(slug)?.n ?? 0) > 0 });
    const id = Number(this.insertRow.run(storedRow(fields)).lastInsertRowid);
    for (const termId of [...(product.category_ids ?? []), ...(product.tag_ids ?? []), ...(product.brand_ids ?? [])]) this.addTerm.run(id, termId);
    return id;
  }

  /** Writes the given fields and stamps the modification date (the sync audit reads it); the search index follows by trigger. */
  update(id: number, changes: ProductChanges): void {
    this.stamped(id, stored(changes));
  }

  /** The stored columns that writing these fields changes (an import's journal keeps what they held). */
  columnsOf(changes: ProductChanges): string[] {
    return Object.keys(stored(changes));
  }

  /** Writes stored column values as they are (`columnsOf` names them; an undone import puts them back) and stamps the modification date. */
  writeColumns(id: number, values: Record<string, unknown>): void {
    if (Object.keys(values).some((column) => column !== 'date_modified_gmt')) this.stamped(id, values);
  }

  private stamped(id: number, values: Record<string, unknown>): void {
    const columns = Object.keys(values).filter((column) => column !== 'date_modified_gmt');
    prepared(
      this.db,
      `UPDATE products SET ${[...columns.map((column) => `${column} = @${column}`), 'date_modified_gmt = @date_modified_gmt'].join(', ')} WHERE id = @id`,
    ).run({
      date_modified_gmt: gmtNow(),
      ...values,
      id,
    });
  }

  /**
   * Writes a whole row at `id` (null: a new id; the pull keeps WooCommerce's ids on a till connected
   * from empty), but its stock, and makes its terms exactly `term_ids`; returns its id.
   */
  put(id: number | null, row: Omit<ProductFields, 'stock_quantity'> & { term_ids: readonly number[] }): number {
    const { term_ids: termIds, ...fields } = row;
    const values = storedRow(fields);
    let productId = id;
    if (productId !== null && prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM products WHERE id = ?').get(productId)?.n === 1) {
      prepared(this.db, UPDATE_AT).run({ ...values, id: productId });
    } else {
      productId = Number(prepared(this.db, INSERT_AT).run({ ...values, id: productId }).lastInsertRowid);
    }
    const current = new Set(
      prepared<[number], { term_id: number }>(this.db, 'SELECT term_id FROM product_terms WHERE product_id = ?')
        .all(productId)
        .map((row) => row.term_id),
    );
    const wanted = new Set(termIds);
    for (const termId of current)
      if (!wanted.has(termId)) prepared(this.db, 'DELETE FROM product_terms WHERE product_id = ? AND term_id = ?').run(productId, termId);
    for (const termId of wanted) if (!current.has(termId)) this.addTerm.run(productId, termId);
    return productId;
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
