import type { Database } from '../database.js';
import { type CollectionFilter, SqlParams } from '../sql.js';
import { activePrice, isOnSale } from '../../model/catalogue/pricing.js';
import { LOW_STOCK_META } from '../../model/catalogue/product-meta.js';
import { gtinForms } from '../../model/catalogue/barcode.js';

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
  /** Low stock: managed stock at or under the item's own `low_stock_amount`, or under this (the store's amount) where it has none. */
  lowStockAmount?: number | undefined;
}

/** WooCommerce's values, with `popularity` and `rating`, and the POS plugin's `sku`, `barcode`, `stock_quantity` and `stock_status`. */
export const CATALOGUE_ORDERBY = [
  'date',
  'id',
  'include',
  'title',
  'slug',
  'modified',
  'menu_order',
  'price',
  'popularity',
  'rating',
  'sku',
  'barcode',
  'stock_quantity',
  'stock_status',
] as const;
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
export function registerPriceFunctions(db: Database): void {
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
export function exactMatchFirst(search: string | undefined, params: SqlParams): string {
  if (search === undefined || search === '') return '';
  // A row without a SKU or barcode compares as NULL, which would sort it after every row with both.
  return `ifnull(p.sku = ${params.bind(search)} COLLATE NOCASE OR p.barcode IN (${params.list(gtinForms(search))}), 0) DESC, `;
}

const saleArgs = (alias: string, now: string) =>
  `${alias}.regular_price, ${alias}.sale_price, ${alias}.date_on_sale_from_gmt, ${alias}.date_on_sale_to_gmt, ${now}`;

/**
 * The FROM of a list. A sync's `modified_after` usually matches a handful of rows: they are read
 * through the modification index, which the planner would otherwise pass over for a scan of the
 * covering index of the list's order (`products_audit_products` or `_variations`), unless another filter is narrower still.
 */
export function catalogueFrom(filter: CatalogueFilter): string {
  const narrower =
    (filter.search !== undefined && filter.search !== '') ||
    filter.skus !== undefined ||
    filter.barcodeMatches !== undefined ||
    filter.include !== undefined ||
    filter.slug !== undefined;
  return filter.modifiedAfter !== undefined && !narrower ? 'products p INDEXED BY products_modified' : 'products p';
}

/** The WHERE clause of a list of products (`kind` 'product') or variations. */
export function catalogueWhere(kind: CatalogueKind, filter: CatalogueFilter, params: SqlParams): string {
  const clauses: string[] = [kind === 'variation' ? "p.type = 'variation'" : "p.type <> 'variation'"];
  const now = params.bind(filter.now);
  // A variation is listed while its product is out of the trash. Every variation has its product's
  // row (deleting a product deletes its variations, and an import's undo deletes what it created),
  // so this asks only whether the product is among the trashed, a set read once from its index
  // (migration 14) rather than one lookup of a product row per variation. With the trash empty,
  // as it mostly is, the first test (evaluated once for the statement) spares every row the
  // lookup: 60 -> 56 ms of SQL for the audit of 300,000 variations.
  if (kind === 'variation') {
    clauses.push(
      "(NOT EXISTS (SELECT 1 FROM products trashed WHERE trashed.status = 'trash') OR p.parent_id NOT IN (SELECT owner.id FROM products owner WHERE owner.status = 'trash'))",
    );
  }
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
  if (filter.lowStockAmount !== undefined) {
    const own = `(SELECT CAST(json_extract(m.value, '$.value') AS REAL) FROM json_each(p.meta_data) m
      WHERE json_extract(m.value, '$.key') = ${params.bind(LOW_STOCK_META)} AND json_extract(m.value, '$.value') <> '' LIMIT 1)`;
    clauses.push(`p.manage_stock = 1 AND p.stock_quantity <= COALESCE(${own}, ${params.bind(filter.lowStockAmount)})`);
  }
  if (filter.createdAfter !== undefined) clauses.push(`p.date_created_gmt > ${params.bind(filter.createdAfter)}`);
  if (filter.createdBefore !== undefined) clauses.push(`p.date_created_gmt < ${params.bind(filter.createdBefore)}`);
  // A sync asks for what changed since its last run, usually a handful of rows: saying so lets the
  // planner read them through the modification index rather than walk the whole list order.
  if (filter.modifiedAfter !== undefined) clauses.push(`unlikely(p.date_modified_gmt > ${params.bind(filter.modifiedAfter)})`);
  if (filter.modifiedBefore !== undefined) clauses.push(`p.date_modified_gmt < ${params.bind(filter.modifiedBefore)}`);
  return clauses.join(' AND ');
}

/** The ORDER BY terms of a list, the id last so that every order is total. */
export function catalogueOrderBy(sort: CatalogueSort, now: string, params: SqlParams): string {
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
