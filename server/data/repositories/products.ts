import type { Statement } from 'better-sqlite3';
import { type CollectionFilter, prepared, SqlParams } from '../sql.js';
import type { Database } from '../database.js';
import { gmtNow } from '../../domain/dates.js';
import { activePrice, isOnSale, lowestPrice } from '../../domain/catalogue/pricing.js';
import { managedStockStatus } from '../../domain/catalogue/stock.js';
import { gtinForms } from '../../domain/catalogue/barcode.js';
import { slugify, variationName } from '../../domain/catalogue/naming.js';
import type {
  CatalogueItemType,
  DefaultAttribute,
  ProductAttribute,
  ProductImage,
  ProductRecord,
  TaxStatus,
  VariationAttribute,
} from '../../domain/catalogue/types.js';
import type { MetaData } from '../../domain/stores.js';
import { writeTransaction } from '../write-transaction.js';
import { ProductStockRepository } from './product-stock.js';
import { StockLedgerRepository, type StockEntry } from './stock-ledger.js';

interface ProductRow {
  id: number;
  parent_id: number;
  type: CatalogueItemType;
  name: string;
  slug: string;
  status: string;
  featured: number;
  catalog_visibility: string;
  description: string;
  short_description: string;
  sku: string | null;
  barcode: string | null;
  regular_price: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
  virtual: number;
  tax_status: TaxStatus;
  tax_class: string;
  manage_stock: number;
  stock_quantity: number | null;
  stock_status: string;
  backorders: string;
  sold_individually: number;
  weight: string;
  menu_order: number;
  total_sales: number;
  attributes: string;
  default_attributes: string;
  images: string;
  meta_data: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  parent_name: string | null;
  parent_tax_class: string | null;
  pos_visibility: string;
}

function toRecord(row: ProductRow): ProductRecord {
  const attributes = JSON.parse(row.attributes) as unknown[];
  const isVariation = row.type === 'variation';
  return {
    id: row.id,
    parent_id: row.parent_id,
    type: row.type,
    name: row.name,
    slug: row.slug,
    status: row.status,
    featured: row.featured === 1,
    catalog_visibility: row.catalog_visibility,
    description: row.description,
    short_description: row.short_description,
    sku: row.sku ?? '',
    barcode: row.barcode ?? '',
    regular_price: row.regular_price,
    sale_price: row.sale_price,
    date_on_sale_from_gmt: row.date_on_sale_from_gmt,
    date_on_sale_to_gmt: row.date_on_sale_to_gmt,
    virtual: row.virtual === 1,
    tax_status: row.tax_status,
    tax_class: row.tax_class,
    manage_stock: row.manage_stock === 1,
    stock_quantity: row.manage_stock === 1 ? row.stock_quantity : null,
    stock_status: row.stock_status,
    backorders: row.backorders,
    sold_individually: row.sold_individually === 1,
    weight: row.weight,
    menu_order: row.menu_order,
    total_sales: row.total_sales,
    attributes: isVariation ? [] : (attributes as ProductAttribute[]),
    variation_attributes: isVariation ? (attributes as VariationAttribute[]) : [],
    default_attributes: JSON.parse(row.default_attributes) as DefaultAttribute[],
    images: JSON.parse(row.images) as ProductImage[],
    meta_data: JSON.parse(row.meta_data) as MetaData,
    date_created_gmt: row.date_created_gmt,
    date_modified_gmt: row.date_modified_gmt,
    parent_name: isVariation ? row.parent_name : null,
    parent_tax_class: isVariation ? row.parent_tax_class : null,
    pos_visibility: row.pos_visibility,
  };
}

const SELECT_RECORD = `SELECT p.*, parent.name AS parent_name, parent.tax_class AS parent_tax_class
  FROM products p LEFT JOIN products parent ON parent.id = p.parent_id AND p.type = 'variation'`;

/** What the order engine needs to sell one product or variation (helper contract with orders and checkout). */
export interface SellableProduct {
  id: number;
  parentId: number;
  type: CatalogueItemType;
  /** A variation's full name ("T-Shirt - Red, Large"). */
  name: string;
  parentName: string | null;
  sku: string;
  /** The active price now; `''` when unset. */
  price: string;
  regularPrice: string;
  onSale: boolean;
  taxStatus: TaxStatus;
  /** `''` = standard; a variation's `'parent'` is resolved to its parent's class. */
  taxClass: string;
  manageStock: boolean;
  stockQuantity: number | null;
  stockStatus: string;
  backorders: string;
  status: string;
}

/** A product or variation to create (seed, import, tests). Fields as in the WooCommerce schema; omitted ones take the schema defaults. */
export interface NewProduct {
  type: CatalogueItemType;
  /** Required for products; a variation's name is made from its parent's name and its options. */
  name?: string;
  parent_id?: number;
  slug?: string;
  status?: string;
  featured?: boolean;
  catalog_visibility?: string;
  description?: string;
  short_description?: string;
  sku?: string;
  barcode?: string;
  regular_price?: string;
  sale_price?: string;
  date_on_sale_from_gmt?: string | null;
  date_on_sale_to_gmt?: string | null;
  virtual?: boolean;
  tax_status?: TaxStatus;
  tax_class?: string;
  manage_stock?: boolean;
  stock_quantity?: number | null;
  /** Used when stock is not managed; a managed item's status follows its quantity. */
  stock_status?: string;
  backorders?: string;
  sold_individually?: boolean;
  weight?: string;
  menu_order?: number;
  total_sales?: number;
  attributes?: ProductAttribute[];
  variation_attributes?: VariationAttribute[];
  default_attributes?: DefaultAttribute[];
  images?: ProductImage[];
  meta_data?: Array<{ id?: number; key: string; value: unknown }>;
  date_created_gmt?: string;
  date_modified_gmt?: string;
  category_ids?: number[];
  tag_ids?: number[];
  brand_ids?: number[];
}

/** Filters of the products and variations collections (woocommerce-reference §3). */
export interface CatalogueFilter extends CollectionFilter {
  /** GMT now, for the sale window of `onSale`. */
  now: string;
  skus?: string[] | undefined;
  /** Ids a barcode lookup resolved (see domain/catalogue/barcode-lookup.ts). */
  barcodeMatches?: number[] | undefined;
  /** Leaves out items marked `online_only` (general setting `pos_only_products`). */
  hideOnlineOnly?: boolean | undefined;
  categories?: number[] | undefined;
  tags?: number[] | undefined;
  brands?: number[] | undefined;
  /** One status; undefined means every status but `trash`. */
  status?: string | undefined;
  stockStatus?: string | undefined;
  onSale?: boolean | undefined;
  type?: string | undefined;
  parents?: number[] | undefined;
  slug?: string | undefined;
  /** WooCommerce 10's `stock_quantity`, `min_stock_quantity` and `max_stock_quantity` (managed stock only). */
  stockQuantity?: number | undefined;
  minStockQuantity?: number | undefined;
  maxStockQuantity?: number | undefined;
}

/** WooCommerce's values, with `popularity` and `rating`, and the POS plugin's `sku`, `barcode`, `stock_quantity` and `stock_status`. */
export const CATALOGUE_ORDERBY = ['date', 'id', 'include', 'title', 'slug', 'modified', 'menu_order', 'price', 'popularity', 'rating', 'sku', 'barcode', 'stock_quantity', 'stock_status'] as const;
export type CatalogueOrderBy = (typeof CATALOGUE_ORDERBY)[number];

export interface CatalogueSort {
  orderby: CatalogueOrderBy;
  order: 'asc' | 'desc';
  /** The `include` list, for `orderby=include`. */
  include?: number[] | undefined;
}

export type CatalogueKind = 'product' | 'variation';


const registered = new WeakSet<Database>();

/**
 * The sale rules live in the domain (decimal arithmetic, the sale window); SQL filters and sorts
 * call the same functions so that `on_sale=true` and the `on_sale` field can never disagree.
 */
function registerPriceFunctions(db: Database): void {
  if (registered.has(db)) return;
  const fields = (regular: unknown, sale: unknown, from: unknown, to: unknown) => ({
    regular_price: typeof regular === 'string' ? regular : '',
    sale_price: typeof sale === 'string' ? sale : '',
    date_on_sale_from_gmt: typeof from === 'string' ? from : null,
    date_on_sale_to_gmt: typeof to === 'string' ? to : null,
  });
  db.function('pos_on_sale', { deterministic: true }, (regular, sale, from, to, now) => (isOnSale(fields(regular, sale, from, to), String(now)) ? 1 : 0));
  db.function('pos_active_price', { deterministic: true }, (regular, sale, from, to, now) => activePrice(fields(regular, sale, from, to), String(now)));
  registered.add(db);
}

/** A search of this many characters or more goes through the trigram index (`products_search`). */
const TRIGRAM_LENGTH = 3;

/** The user's text as one FTS5 string: a phrase matched literally, so no input can become query syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * `search` over name, SKU and barcode. From three characters on it is a case-insensitive substring
 * match answered by the trigram index. A trigram index cannot answer one or two characters, and a
 * substring match of those would read every row. What a cashier means by them is the start of a
 * name, or a whole short SKU or barcode (the first characters of SKUs are usually a prefix shared by
 * thousands of them), so they match that: a range of the NOCASE name index, and equality on the
 * NOCASE SKU index and the barcode index. Nothing is a pattern, so `%` and `_` stay literal.
 */
function searchClause(search: string, params: SqlParams): string {
  // FTS5 reads its query only up to a NUL (the rest would be a syntax error), and no product text
  // worth finding holds one: such a search matches nothing.
  if (search.includes('\0')) return '0';
  // Trigrams count code points, as Array.from does (a string's length counts UTF-16 units).
  if (Array.from(search).length >= TRIGRAM_LENGTH) {
    return `p.id IN (SELECT rowid FROM products_search WHERE products_search MATCH ${params.bind(ftsPhrase(search))})`;
  }
  const from = params.bind(search);
  // Every text that starts with `search` sorts below `search` followed by the highest code point.
  const to = params.bind(`${search}\u{10FFFF}`);
  // One indexed lookup per column; the planner would scan the table for the same three tests joined by OR.
  return `p.id IN (SELECT id FROM products WHERE name >= ${from} COLLATE NOCASE AND name < ${to} COLLATE NOCASE
    UNION ALL SELECT id FROM products WHERE sku = ${from} COLLATE NOCASE
    UNION ALL SELECT id FROM products WHERE barcode = ${from})`;
}

/** A search that is a whole SKU or barcode (any GTIN form of it) puts that item first, whatever the order asked for. */
function exactMatchFirst(search: string | undefined, params: SqlParams): string {
  if (search === undefined || search === '') return '';
  return `(p.sku = ${params.bind(search)} COLLATE NOCASE OR p.barcode IN (${params.list(gtinForms(search))})) DESC, `;
}

const saleArgs = (alias: string, now: string) => `${alias}.regular_price, ${alias}.sale_price, ${alias}.date_on_sale_from_gmt, ${alias}.date_on_sale_to_gmt, ${now}`;

export class ProductsRepository {
  private readonly stock: ProductStockRepository;

  constructor(private readonly db: Database) {
    registerPriceFunctions(db);
    this.stock = new ProductStockRepository(db);
  }

  private prepare<Parameters extends unknown[] | object = unknown[], Result = unknown>(sql: string): Statement<Parameters, Result> {
    return prepared<Parameters, Result>(this.db, sql);
  }

  /** A product or a variation by id, whatever its status. */
  find(id: number): ProductRecord | undefined {
    const row = this.prepare<[number], ProductRow>(`${SELECT_RECORD} WHERE p.id = ?`).get(id);
    return row && toRecord(row);
  }

  /** The variations of some variable products (not trashed), in menu order. */
  variationsOf(parentIds: readonly number[]): ProductRecord[] {
    if (parentIds.length === 0) return [];
    const params = new SqlParams();
    const rows = this
      .prepare<[Record<string, unknown>], ProductRow>(
        `${SELECT_RECORD} WHERE p.type = 'variation' AND p.status <> 'trash' AND p.parent_id IN (${params.list(parentIds)}) ORDER BY p.parent_id, p.menu_order, p.id`,
      )
      .all(params.values);
    return rows.map(toRecord);
  }

  count(): number {
    return this.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0;
  }

  findSellable(id: number): SellableProduct | undefined {
    const record = this.find(id);
    return record && this.toSellable(record);
  }

  /** By SKU, case-insensitively (an exact-case match wins), as WooCommerce looks SKUs up. */
  findSellableBySku(sku: string): SellableProduct | undefined {
    const row = this.prepare<[{ sku: string }], ProductRow>(`${SELECT_RECORD} WHERE p.sku = @sku COLLATE NOCASE ORDER BY p.sku = @sku DESC, p.id LIMIT 1`).get({ sku });
    return row && this.toSellable(toRecord(row));
  }

  private toSellable(record: ProductRecord): SellableProduct {
    const now = gmtNow();
    let price = activePrice(record, now);
    let onSale = isOnSale(record, now);
    if (record.type === 'variable') {
      const children = this.variationsOf([record.id]).filter((child) => child.status === 'publish');
      price = lowestPrice(children.map((child) => activePrice(child, now)));
      onSale = children.some((child) => isOnSale(child, now));
    }
    return {
      id: record.id,
      parentId: record.parent_id,
      type: record.type,
      name: record.name,
      parentName: record.parent_name,
      sku: record.sku,
      price,
      regularPrice: record.regular_price,
      onSale,
      taxStatus: record.tax_status,
      taxClass: record.tax_class === 'parent' ? (record.parent_tax_class ?? '') : record.tax_class,
      manageStock: record.manage_stock,
      stockQuantity: record.stock_quantity,
      stockStatus: record.stock_status,
      backorders: record.backorders,
      status: record.status,
    };
  }

  /**
   * Changes the stock of a stock-managed item by `delta` (negative to sell), with its status and
   * modification date; a variable parent's status follows its variations. No-op when stock is not
   * managed. The stock ledger records it with `entry` (by default a `sale` when taking and a
   * `restock` when giving back).
   */
  adjustStock(id: number, delta: number, entry?: StockEntry): void {
    this.stock.adjust(id, delta, entry ?? { reason: delta < 0 ? 'sale' : 'restock' });
  }

  /** Sets a stock-managed item's stock (an import, a count); recorded in the ledger as an `import` unless `entry` says otherwise. */
  setStock(id: number, quantity: number, entry: StockEntry = { reason: 'import' }): void {
    this.stock.set(id, quantity, entry);
  }

  /** Runs `work` (bulk writes of an import, say) with `entry` as the ledger reason of every stock change it makes. */
  recordingStock<T>(entry: StockEntry, work: () => T): T {
    return new StockLedgerRepository(this.db).recording(entry, work);
  }

  /**
   * Counts units sold. A variation's sales count on its parent as well, since WooCommerce's
   * `total_sales` of a variable product is the sum over its variations.
   */
  addSales(id: number, quantity: number): void {
    writeTransaction(this.db, () => {
      this.prepare('UPDATE products SET total_sales = total_sales + ? WHERE id = ?').run(quantity, id);
      this.prepare("UPDATE products SET total_sales = total_sales + ? WHERE id = (SELECT parent_id FROM products WHERE id = ? AND type = 'variation')").run(quantity, id);
    });
  }

  private syncParentStockStatus(parentId: number): void {
    this.stock.syncParentStockStatus(parentId);
  }

  /** A slug not yet used by another product (WordPress appends -2, -3...). */
  private uniqueSlug(base: string): string {
    const taken = this.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM products WHERE slug = ? AND type <> 'variation'");
    let slug = base;
    for (let suffix = 2; (taken.get(slug)?.n ?? 0) > 0; suffix++) slug = `${base}-${suffix}`;
    return slug;
  }

  /** A new product or variation; its opening stock is recorded in the ledger with `stockEntry` (`opening` when omitted). */
  create(product: NewProduct, stockEntry?: StockEntry): ProductRecord {
    return new StockLedgerRepository(this.db).recording(stockEntry, () => {
      const now = gmtNow();
      const isVariation = product.type === 'variation';
      let name = product.name;
      const parentId = product.parent_id ?? 0;
      if (isVariation) {
        const parent = this.prepare<[number], { name: string; type: string }>('SELECT name, type FROM products WHERE id = ?').get(parentId);
        if (parent?.type !== 'variable') throw new Error(`a variation needs a variable parent product; ${parentId} is not one`);
        name = variationName(parent.name, product.variation_attributes ?? []);
      } else if (name === undefined || name.trim() === '') {
        throw new Error('a product needs a name');
      }
      const manageStock = product.manage_stock ?? false;
      const backorders = product.backorders ?? 'no';
      const stockQuantity = manageStock ? (product.stock_quantity ?? 0) : null;
      const stockStatus = stockQuantity !== null ? managedStockStatus(stockQuantity, backorders) : (product.stock_status ?? 'instock');
      const slug = isVariation ? slugify(name) : this.uniqueSlug(product.slug ?? slugify(name));
      const metaData = (product.meta_data ?? []).map((entry, index) => ({ id: entry.id ?? index + 1, key: entry.key, value: entry.value }));
      const created = product.date_created_gmt ?? now;
      const { lastInsertRowid } = this
        .prepare(
          `INSERT INTO products (parent_id, type, name, slug, status, featured, catalog_visibility, description, short_description, sku, barcode,
             regular_price, sale_price, date_on_sale_from_gmt, date_on_sale_to_gmt, virtual, tax_status, tax_class, manage_stock, stock_quantity,
             stock_status, backorders, sold_individually, weight, menu_order, total_sales, attributes, default_attributes, images, meta_data,
             date_created_gmt, date_modified_gmt)
           VALUES (@parent_id, @type, @name, @slug, @status, @featured, @catalog_visibility, @description, @short_description, @sku, @barcode,
             @regular_price, @sale_price, @date_on_sale_from_gmt, @date_on_sale_to_gmt, @virtual, @tax_status, @tax_class, @manage_stock, @stock_quantity,
             @stock_status, @backorders, @sold_individually, @weight, @menu_order, @total_sales, @attributes, @default_attributes, @images, @meta_data,
             @date_created_gmt, @date_modified_gmt)`,
        )
        .run({
          parent_id: parentId,
          type: product.type,
          name,
          slug,
          status: product.status ?? 'publish',
          featured: product.featured === true ? 1 : 0,
          catalog_visibility: product.catalog_visibility ?? 'visible',
          description: product.description ?? '',
          short_description: product.short_description ?? '',
          sku: product.sku === undefined || product.sku === '' ? null : product.sku,
          barcode: product.barcode === undefined || product.barcode === '' ? null : product.barcode,
          regular_price: product.type === 'variable' || product.type === 'grouped' ? '' : (product.regular_price ?? ''),
          sale_price: product.type === 'variable' || product.type === 'grouped' ? '' : (product.sale_price ?? ''),
          date_on_sale_from_gmt: product.date_on_sale_from_gmt ?? null,
          date_on_sale_to_gmt: product.date_on_sale_to_gmt ?? null,
          virtual: product.virtual === true ? 1 : 0,
          tax_status: product.tax_status ?? 'taxable',
          tax_class: product.tax_class ?? (isVariation ? 'parent' : ''),
          manage_stock: manageStock ? 1 : 0,
          stock_quantity: stockQuantity,
          stock_status: stockStatus,
          backorders,
          sold_individually: product.sold_individually === true ? 1 : 0,
          weight: product.weight ?? '',
          menu_order: product.menu_order ?? 0,
          total_sales: product.total_sales ?? 0,
          attributes: JSON.stringify(isVariation ? (product.variation_attributes ?? []) : (product.attributes ?? [])),
          default_attributes: JSON.stringify(product.default_attributes ?? []),
          images: JSON.stringify(product.images ?? []),
          meta_data: JSON.stringify(metaData),
          date_created_gmt: created,
          date_modified_gmt: product.date_modified_gmt ?? created,
        });
      const id = Number(lastInsertRowid);
      const addTerm = this.prepare('INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)');
      for (const termId of [...(product.category_ids ?? []), ...(product.tag_ids ?? []), ...(product.brand_ids ?? [])]) addTerm.run(id, termId);
      if (isVariation) this.syncParentStockStatus(parentId);
      const record = this.find(id);
      if (!record) throw new Error('product vanished after insert');
      return record;
    });
  }

  private where(kind: CatalogueKind, filter: CatalogueFilter, params: SqlParams): string {
    const clauses: string[] = [kind === 'variation' ? "p.type = 'variation'" : "p.type <> 'variation'"];
    const now = params.bind(filter.now);
    if (kind === 'variation') clauses.push("EXISTS (SELECT 1 FROM products owner WHERE owner.id = p.parent_id AND owner.status <> 'trash')");
    clauses.push(filter.status === undefined ? "p.status <> 'trash'" : `p.status = ${params.bind(filter.status)}`);
    if (filter.search !== undefined && filter.search !== '') clauses.push(searchClause(filter.search, params));
    if (filter.skus !== undefined) clauses.push(`p.sku IN (${params.list(filter.skus)})`);
    if (filter.barcodeMatches !== undefined) clauses.push(`p.id IN (${filter.barcodeMatches.length === 0 ? 'NULL' : params.list(filter.barcodeMatches)})`);
    if (filter.hideOnlineOnly === true) clauses.push(`p.pos_visibility <> 'online_only'`);
    for (const termIds of [filter.categories, filter.tags, filter.brands]) {
      // Written as an IN list so that the planner can start from the term's index instead of testing every product.
      if (termIds !== undefined) clauses.push(`p.id IN (SELECT pt.product_id FROM product_terms pt WHERE pt.term_id IN (${params.list(termIds)}))`);
    }
    if (filter.stockStatus !== undefined) clauses.push(`p.stock_status = ${params.bind(filter.stockStatus)}`);
    if (filter.onSale !== undefined) {
      const onSale = `(CASE WHEN p.type = 'variable'
        THEN EXISTS (SELECT 1 FROM products c WHERE c.parent_id = p.id AND c.type = 'variation' AND c.status = 'publish' AND pos_on_sale(${saleArgs('c', now)}))
        ELSE pos_on_sale(${saleArgs('p', now)}) END)`;
      clauses.push(filter.onSale ? onSale : `NOT ${onSale}`);
    }
    if (filter.type !== undefined) clauses.push(`p.type = ${params.bind(filter.type)}`);
    if (filter.include !== undefined) clauses.push(`p.id IN (${params.list(filter.include)})`);
    if (filter.exclude !== undefined) clauses.push(`p.id NOT IN (${params.list(filter.exclude)})`);
    if (filter.parents !== undefined) clauses.push(`p.parent_id IN (${params.list(filter.parents)})`);
    if (filter.slug !== undefined) clauses.push(`p.slug = ${params.bind(filter.slug)}`);
    if (filter.stockQuantity !== undefined) clauses.push(`p.manage_stock = 1 AND p.stock_quantity = ${params.bind(filter.stockQuantity)}`);
    if (filter.minStockQuantity !== undefined) clauses.push(`p.manage_stock = 1 AND p.stock_quantity >= ${params.bind(filter.minStockQuantity)}`);
    if (filter.maxStockQuantity !== undefined) clauses.push(`p.manage_stock = 1 AND p.stock_quantity <= ${params.bind(filter.maxStockQuantity)}`);
    if (filter.createdAfter !== undefined) clauses.push(`p.date_created_gmt > ${params.bind(filter.createdAfter)}`);
    if (filter.createdBefore !== undefined) clauses.push(`p.date_created_gmt < ${params.bind(filter.createdBefore)}`);
    // A sync asks for what changed since its last run, usually a handful of rows: saying so lets the
    // planner read them through the modification index rather than walk the whole list order.
    if (filter.modifiedAfter !== undefined) clauses.push(`unlikely(p.date_modified_gmt > ${params.bind(filter.modifiedAfter)})`);
    if (filter.modifiedBefore !== undefined) clauses.push(`p.date_modified_gmt < ${params.bind(filter.modifiedBefore)}`);
    return clauses.join(' AND ');
  }

  private orderBy(sort: CatalogueSort, now: string, params: SqlParams): string {
    const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
    const nowParam = params.bind(now);
    // Prices are compared as numbers for ordering only; nothing is computed from the REAL values.
    const price = `CASE WHEN p.type = 'variable'
      THEN (SELECT MIN(CAST(NULLIF(pos_active_price(${saleArgs('c', nowParam)}), '') AS REAL)) FROM products c WHERE c.parent_id = p.id AND c.type = 'variation' AND c.status = 'publish')
      ELSE CAST(NULLIF(pos_active_price(${saleArgs('p', nowParam)}), '') AS REAL) END`;
    const include = sort.include ?? [];
    const key: Record<CatalogueOrderBy, string> = {
      date: 'p.date_created_gmt',
      id: 'p.id',
      include: include.length === 0 ? 'p.id' : `CASE p.id ${include.map((id, position) => `WHEN ${params.bind(id)} THEN ${position}`).join(' ')} END`,
      title: 'p.name COLLATE NOCASE',
      slug: 'p.slug',
      modified: 'p.date_modified_gmt',
      menu_order: `p.menu_order ${direction}, p.name COLLATE NOCASE`,
      price,
      popularity: 'p.total_sales',
      // No product here has reviews, so every rating is WooCommerce's 0 and the order falls to the id, as there.
      rating: 'NULL',
      sku: 'p.sku COLLATE NOCASE',
      barcode: 'p.barcode',
      stock_quantity: 'p.stock_quantity',
      stock_status: 'p.stock_status',
    };
    return `${key[sort.orderby]} ${direction}, p.id ${direction}`;
  }

  /** One page of products (`kind` 'product') or variations, and the number of matches. */
  list(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number): { records: ProductRecord[]; total: number } {
    const params = new SqlParams();
    const where = this.where(kind, filter, params);
    const page = `ORDER BY ${exactMatchFirst(filter.search, params)}${this.orderBy(sort, filter.now, params)} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`;
    // The page's ids first, then their rows: sorting narrow keys instead of whole rows keeps a search
    // or a category of thousands of matches fast.
    let rows: Array<{ id: number; total?: number }>;
    if (filter.search !== undefined && filter.search !== '') {
      // Every match of a search is read and sorted anyway, so they are counted in the same pass
      // rather than by running the search again.
      rows = this.prepare<[Record<string, unknown>], { id: number; total: number }>(`SELECT p.id, COUNT(*) OVER () AS total FROM products p WHERE ${where} ${page}`).all(params.values);
    } else {
      rows = this.prepare<[Record<string, unknown>], { id: number }>(`SELECT p.id FROM products p WHERE ${where} ${page}`).all(params.values);
    }
    const pageIds = rows.map((row) => row.id);
    // A page that is short and not past the end is the last one, so it tells the total by itself;
    // the others run the filter again to count.
    const isLastPage = pageIds.length < limit && (pageIds.length > 0 || offset === 0);
    const total =
      rows[0]?.total ??
      (isLastPage ? offset + pageIds.length : (this.prepare<[Record<string, unknown>], { n: number }>(`SELECT COUNT(*) AS n FROM products p WHERE ${where}`).get(params.values)?.n ?? 0));
    return { records: this.findMany(pageIds), total };
  }

  /** Products and variations by id, in the order of `ids` (unknown ids are left out). */
  private findMany(ids: readonly number[]): ProductRecord[] {
    if (ids.length === 0) return [];
    const params = new SqlParams();
    const rows = this.prepare<[Record<string, unknown>], ProductRow>(`${SELECT_RECORD} WHERE p.id IN (${params.list(ids)})`).all(params.values);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [toRecord(row)];
    });
  }

  /** Every matching id with its modification time, for the offline-sync audit (`per_page=-1`). */
  modificationIndex(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort): Array<{ id: number; date_modified_gmt: string }> {
    const params = new SqlParams();
    const where = this.where(kind, filter, params);
    const order = this.orderBy(sort, filter.now, params);
    return this.prepare<[Record<string, unknown>], { id: number; date_modified_gmt: string }>(`SELECT p.id, p.date_modified_gmt FROM products p WHERE ${where} ORDER BY ${order}`).all(params.values);
  }
}
