import type { Statement } from 'better-sqlite3';
import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { gmtNow } from '../../model/dates.js';
import { managedStockStatus } from '../../model/catalogue/stock.js';
import { slugify, variationName } from '../../model/catalogue/naming.js';
import type { NewProduct } from '../../model/catalogue/types.js';
import { INSERT_PRODUCT } from './product-rows.js';

/**
 * Inserting many products in a row, for the catalogue import. `ProductsRepository.create` is built
 * for one product at a time: its own savepoint and stock-ledger context, and a read-back of the
 * record. Over 50,000 rows those cost more than the inserts themselves, while the write lock is held.
 * Here the statements are prepared once per repository, nothing is read back (the id comes from the
 * insert), and the caller opens the transaction and declares the stock-ledger reason once for a
 * whole batch. The stored row is the one `create` stores for the same product (the import's tests
 * compare the two).
 */
export class ProductBulkRepository {
  private readonly insertRow: Statement<[Record<string, unknown>]>;
  private readonly addTerm: Statement<[number, number]>;
  private readonly slugTaken: Statement<[string], { n: number }>;
  private readonly parentOf: Statement<[number], { name: string; type: string }>;

  // Held here so that each row skips even the statement cache's lookup by SQL text.
  constructor(db: Database) {
    this.insertRow = prepared<[Record<string, unknown>]>(db, INSERT_PRODUCT);
    this.addTerm = prepared<[number, number]>(db, 'INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)');
    this.slugTaken = prepared<[string], { n: number }>(db, "SELECT COUNT(*) AS n FROM products WHERE slug = ? AND type <> 'variation'");
    this.parentOf = prepared<[number], { name: string; type: string }>(db, 'SELECT name, type FROM products WHERE id = ?');
  }

  /** A slug not yet used by another product (WordPress appends -2, -3...). */
  private uniqueSlug(base: string): string {
    let slug = base;
    for (let suffix = 2; (this.slugTaken.get(slug)?.n ?? 0) > 0; suffix++) slug = `${base}-${suffix}`;
    return slug;
  }

  /**
   * Inserts a product or variation with its terms; returns its id. Must run inside the caller's write
   * transaction. A variation's parent keeps its stock status: the caller syncs it once for all its
   * new variations.
   */
  insert(product: NewProduct): number {
    const now = gmtNow();
    const isVariation = product.type === 'variation';
    let name = product.name;
    const parentId = product.parent_id ?? 0;
    if (isVariation) {
      const parent = this.parentOf.get(parentId);
      if (parent?.type !== 'variable') throw new Error(`a variation needs a variable parent product; ${parentId} is not one`);
      name = variationName(parent.name, product.variation_attributes ?? []);
    } else if (name === undefined || name.trim() === '') {
      throw new Error('a product needs a name');
    }
    const manageStock = product.manage_stock ?? false;
    const backorders = product.backorders ?? 'no';
    const stockQuantity = manageStock ? (product.stock_quantity ?? 0) : null;
    const noPrice = product.type === 'variable' || product.type === 'grouped';
    const created = product.date_created_gmt ?? now;
    const id = Number(
      this.insertRow.run({
        parent_id: parentId,
        type: product.type,
        name,
        slug: isVariation ? slugify(name) : this.uniqueSlug(product.slug ?? slugify(name)),
        status: product.status ?? 'publish',
        featured: product.featured === true ? 1 : 0,
        catalog_visibility: product.catalog_visibility ?? 'visible',
        description: product.description ?? '',
        short_description: product.short_description ?? '',
        sku: product.sku === undefined || product.sku === '' ? null : product.sku,
        barcode: product.barcode === undefined || product.barcode === '' ? null : product.barcode,
        regular_price: noPrice ? '' : (product.regular_price ?? ''),
        sale_price: noPrice ? '' : (product.sale_price ?? ''),
        date_on_sale_from_gmt: product.date_on_sale_from_gmt ?? null,
        date_on_sale_to_gmt: product.date_on_sale_to_gmt ?? null,
        virtual: product.virtual === true ? 1 : 0,
        tax_status: product.tax_status ?? 'taxable',
        tax_class: product.tax_class ?? (isVariation ? 'parent' : ''),
        manage_stock: manageStock ? 1 : 0,
        stock_quantity: stockQuantity,
        stock_status: stockQuantity !== null ? managedStockStatus(stockQuantity, backorders) : (product.stock_status ?? 'instock'),
        backorders,
        sold_individually: product.sold_individually === true ? 1 : 0,
        weight: product.weight ?? '',
        menu_order: product.menu_order ?? 0,
        total_sales: product.total_sales ?? 0,
        attributes: JSON.stringify(isVariation ? (product.variation_attributes ?? []) : (product.attributes ?? [])),
        default_attributes: JSON.stringify(product.default_attributes ?? []),
        images: JSON.stringify(product.images ?? []),
        meta_data: JSON.stringify((product.meta_data ?? []).map((entry, index) => ({ id: entry.id ?? index + 1, key: entry.key, value: entry.value }))),
        date_created_gmt: created,
        date_modified_gmt: product.date_modified_gmt ?? created,
      }).lastInsertRowid,
    );
    for (const termId of [...(product.category_ids ?? []), ...(product.tag_ids ?? []), ...(product.brand_ids ?? [])]) this.addTerm.run(id, termId);
    return id;
  }
}

/** FTS5's own default for `automerge`, which nothing in Tillbase changes except an import while it writes. */
const DEFAULT_AUTOMERGE = 4;

/** The search index's `automerge` setting (0: no merging at commit); the tidier of product-search.ts reads it too. */
export function searchIndexAutomerge(db: Database): number {
  const row = prepared<[], { v: unknown }>(db, "SELECT v FROM products_search_config WHERE k = 'automerge'").get();
  return row === undefined ? DEFAULT_AUTOMERGE : Number(row.v);
}

/** Merges up to `pages` pages' worth of segments; false once there was nothing left to merge. Inside the caller's transaction. */
export function mergeSearchIndex(db: Database, pages: number): boolean {
  const changes = prepared<[], { n: number }>(db, 'SELECT total_changes() AS n');
  const before = changes.get()?.n ?? 0;
  prepared(db, "INSERT INTO products_search (products_search, rank) VALUES ('merge', ?)").run(BigInt(pages));
  // FTS5's documented test: a merge that found nothing to do changes fewer than 2 rows.
  return (changes.get()?.n ?? 0) - before >= 2;
}

/**
 * The catalogue search index (`products_search`, migration 4) while an import writes. FTS5 writes
 * each transaction's new entries as a segment and, with `automerge` on, merges segments at commit:
 * over an import of 50,000 rows in short steps, some steps' commits then do 100 ms or more of merging
 * while they hold the write lock. With `automerge` 0 the steps only add segments (FTS5 still merges
 * at `crisismerge`, 16 segments of a level, which keeps searches fast meanwhile); afterwards the
 * segments are merged in short transactions. The setting is stored in the database, so an import
 * that dies with it off leaves it to the next start to turn back on.
 */
export class SearchIndexRepository {
  constructor(private readonly db: Database) {}

  automerge(): number {
    return searchIndexAutomerge(this.db);
  }

  /** Sets `automerge` (0 turns merging at commit off); the default when `value` is undefined. */
  setAutomerge(value: number = DEFAULT_AUTOMERGE): void {
    // FTS5 takes only an integer here, and a JavaScript number is bound as a real.
    prepared(this.db, "INSERT INTO products_search (products_search, rank) VALUES ('automerge', ?)").run(BigInt(value));
  }

  /** Merges up to `pages` pages' worth of segments; false once there was nothing left to merge. Inside the caller's transaction. */
  merge(pages: number): boolean {
    return mergeSearchIndex(this.db, pages);
  }
}
