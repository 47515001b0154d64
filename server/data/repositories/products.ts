import { isSoldByWeight } from '../../model/catalogue/product-meta.js';
import type { Statement } from 'better-sqlite3';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';
import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import { activePrice, isOnSale, lowestPrice } from '../../model/catalogue/pricing.js';
import type { CatalogueItemType, NewProduct, ProductRecord, TaxStatus, VariationPricing } from '../../model/catalogue/types.js';
import { readTransaction, writeTransaction } from '../write-transaction.js';
import {
  catalogueFrom,
  catalogueOrderBy,
  catalogueWhere,
  registerPriceFunctions,
  type CatalogueFilter,
  type CatalogueKind,
  type CatalogueSort,
} from './catalogue-query.js';
import { ProductPages } from './product-pages.js';
import { searchPage } from './product-search.js';
import { productRowOf, productRowPositions, SELECT_RECORD, toRecord, type ProductRowPositions } from './product-rows.js';
import type { ProductStockRepository } from './product-stock.js';
import type { ProductWritesRepository } from './product-writes.js';
import type { StockLedgerRepository, StockEntry } from './stock-ledger.js';

export { CATALOGUE_ORDERBY, type CatalogueFilter, type CatalogueKind, type CatalogueOrderBy, type CatalogueSort } from './catalogue-query.js';

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
  /** A variation's product's status (it is not sold when its product is not); null for anything else. */
  parentStatus: string | null;
  /** Its own first image, if it has one (an order line shows it, or else its parent's). */
  image: { id: number; src: string } | undefined;
  /** Sold by weight (meta `_pos_sold_by_weight`): a line of it takes a decimal quantity whatever `decimal_qty` says. */
  soldByWeight: boolean;
}

/**
 * A row's sync-audit entry: the expression migration 17 keeps in the lists' covering indexes, written
 * the same way (SQLite matches the expression, not its text, so `p.` may qualify the columns) so that
 * SQLite reads each entry from the index instead of computing it.
 */
const AUDIT_ENTRY = `('{"id":' || p.id || ',"date_modified_gmt":' || json_quote(p.date_modified_gmt) || '}')`;

/** Entries in a piece of the sync audit: about 0.5 MB of JSON. */
const AUDIT_PIECE = 8192;
const ID_MEMBER = Buffer.from('"id":');

/** The id of the last entry of a piece of the audit (every entry has `"id":`, and no date holds it). */
function lastAuditId(entries: Buffer): number {
  let at = entries.lastIndexOf(ID_MEMBER) + ID_MEMBER.length;
  let id = 0;
  for (let digit = entries[at]; digit !== undefined && digit >= 0x30 && digit <= 0x39; digit = entries[++at]) id = id * 10 + digit - 0x30;
  return id;
}

/** The column positions of each statement that reads product rows as arrays, found once. */
const rowPositions = new WeakMap<object, ProductRowPositions>();

export class ProductsRepository {
  private readonly pages: ProductPages;

  constructor(
    private readonly db: Database,
    private readonly stock: ProductStockRepository,
    private readonly ledger: StockLedgerRepository,
    private readonly writes: ProductWritesRepository,
  ) {
    registerPriceFunctions(db);
    this.pages = new ProductPages(db);
  }

  private prepare<Parameters extends unknown[] | object = unknown[], Result = unknown>(sql: string): Statement<Parameters, Result> {
    return prepared<Parameters, Result>(this.db, sql);
  }

  /** The records `sql` (a SELECT_RECORD) reads, its rows read as arrays (see `productRowOf`). */
  private records(sql: string, params: unknown): ProductRecord[] {
    const statement = this.prepare(sql).raw(true);
    let positions = rowPositions.get(statement);
    if (positions === undefined) {
      positions = productRowPositions(statement.columns());
      rowPositions.set(statement, positions);
    }
    const at = positions;
    return (statement.all(params) as unknown[][]).map((values) => toRecord(productRowOf(values, at)));
  }

  /** A product or a variation by id, whatever its status. */
  find(id: number): ProductRecord | undefined {
    return this.records(`${SELECT_RECORD} WHERE p.id = ?`, [id])[0];
  }

  /** The variations of some variable products (not trashed), in menu order. */
  variationsOf(parentIds: readonly number[]): ProductRecord[] {
    if (parentIds.length === 0) return [];
    const params = new SqlParams();
    return this.records(
      `${SELECT_RECORD} WHERE p.type = 'variation' AND p.status <> 'trash' AND p.parent_id IN (${params.list(parentIds)}) ORDER BY p.parent_id, p.menu_order, p.id`,
      params.values,
    );
  }

  /**
   * What the shapes and prices of some variable products take from their variations (not trashed),
   * in menu order: seven columns instead of whole rows, which cost six times as much to read (a page
   * of 100 variable products has 1,000 variations or more).
   */
  variationPricesOf(parentIds: readonly number[]): VariationPricing[] {
    if (parentIds.length === 0) return [];
    return this.prepare<[string], VariationPricing>(
      `SELECT p.id, p.parent_id, p.status, p.regular_price, p.sale_price, p.date_on_sale_from_gmt, p.date_on_sale_to_gmt
       FROM products p WHERE p.type = 'variation' AND p.status <> 'trash' AND p.parent_id IN (SELECT value FROM json_each(?))
       ORDER BY p.parent_id, p.menu_order, p.id`,
    ).all(JSON.stringify(parentIds));
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
    const [record] = this.records(`${SELECT_RECORD} WHERE p.sku = @sku COLLATE NOCASE ORDER BY p.sku = @sku DESC, p.id LIMIT 1`, { sku });
    return record && this.toSellable(record);
  }

  private toSellable(record: ProductRecord): SellableProduct {
    const now = gmtNow();
    let price = activePrice(record, now);
    let onSale = isOnSale(record, now);
    if (record.type === 'variable') {
      const children = this.variationPricesOf([record.id]).filter((child) => child.status === 'publish');
      price = lowestPrice(children.map((child) => activePrice(child, now)));
      onSale = children.some((child) => isOnSale(child, now));
    }
    const parent = record.type === 'variation' ? this.find(record.parent_id) : undefined;
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
      parentStatus: parent?.status ?? null,
      image: record.images[0] && { id: record.images[0].id, src: record.images[0].src },
      // A variation is sold by weight when it or its product is: the till asks a weight for either.
      soldByWeight: isSoldByWeight(record.meta_data) || isSoldByWeight(parent?.meta_data ?? []),
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
    return this.ledger.recording(entry, work);
  }

  /**
   * Counts units sold. A variation's sales count on its parent as well, since WooCommerce's
   * `total_sales` of a variable product is the sum over its variations.
   */
  addSales(id: number, quantity: number): void {
    writeTransaction(this.db, () => {
      this.prepare('UPDATE products SET total_sales = total_sales + ? WHERE id = ?').run(quantity, id);
      this.prepare("UPDATE products SET total_sales = total_sales + ? WHERE id = (SELECT parent_id FROM products WHERE id = ? AND type = 'variation')").run(
        quantity,
        id,
      );
    });
  }

  private syncParentStockStatus(parentId: number): void {
    this.stock.syncParentStockStatus(parentId);
  }

  /** A new product or variation; its opening stock is recorded in the ledger with `stockEntry` (`opening` when omitted). */
  create(product: NewProduct, stockEntry?: StockEntry): ProductRecord {
    return this.ledger.recording(stockEntry, () => {
      const id = this.writes.insert(product);
      if (product.type === 'variation') this.syncParentStockStatus(product.parent_id ?? 0);
      const record = this.find(id);
      if (!record) throw new Error('product vanished after insert');
      return record;
    });
  }

  /** One page of products (`kind` 'product') or variations, and the number of matches. */
  list(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number): { records: ProductRecord[]; total: number } {
    const { ids, total } = this.listIds(kind, filter, sort, limit, offset);
    return { records: this.findMany(ids), total };
  }

  /** The ids of one page, in the list's order, and the number of matches. */
  listIds(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number): { ids: number[]; total: number } {
    const placed = this.pages.page(kind, filter, sort, limit, offset);
    if (placed !== undefined) return placed;
    if (filter.search !== undefined && filter.search !== '') return searchPage(this.db, kind, filter, sort, limit, offset);
    const params = new SqlParams();
    const where = catalogueWhere(kind, filter, params);
    const page = `ORDER BY ${catalogueOrderBy(sort, filter.now, params)} LIMIT ${params.bind(limit)} OFFSET ${params.bind(offset)}`;
    // The page's ids first, then their rows: sorting narrow keys instead of whole rows keeps a
    // category of thousands of matches fast.
    const pageIds = this.prepare<[Record<string, unknown>], { id: number }>(`SELECT p.id FROM ${catalogueFrom(filter)} WHERE ${where} ${page}`)
      .all(params.values)
      .map((row) => row.id);
    // A page that is short and not past the end is the last one, so it tells the total by itself;
    // the others run the filter again to count.
    const isLastPage = pageIds.length < limit && (pageIds.length > 0 || offset === 0);
    const total = isLastPage
      ? offset + pageIds.length
      : (this.prepare<[Record<string, unknown>], { n: number }>(`SELECT COUNT(*) AS n FROM ${catalogueFrom(filter)} WHERE ${where}`).get(params.values)?.n ??
        0);
    return { ids: pageIds, total };
  }

  /** Products and variations by id, in the order of `ids` (unknown ids are left out). */
  findMany(ids: readonly number[]): ProductRecord[] {
    if (ids.length === 0) return [];
    const params = new SqlParams();
    const byId = new Map(this.records(`${SELECT_RECORD} WHERE p.id IN (${params.list(ids)})`, params.values).map((record) => [record.id, record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record === undefined ? [] : [record];
    });
  }

  /** Every matching id with its modification time, for the offline-sync audit (`per_page=-1`). */
  modificationIndex(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort): Array<{ id: number; date_modified_gmt: string }> {
    const params = new SqlParams();
    const where = catalogueWhere(kind, filter, params);
    const order = catalogueOrderBy(sort, filter.now, params);
    return this.prepare<[Record<string, unknown>], { id: number; date_modified_gmt: string }>(
      `SELECT p.id, p.date_modified_gmt FROM ${catalogueFrom(filter)} WHERE ${where} ORDER BY ${order}`,
    ).all(params.values);
  }

  /**
   * The same audit as JSON, built by SQLite over the covering index of its kind without a JavaScript
   * object per row: each match as an object of `fields` (`id`, `date_modified_gmt`, in the order
   * asked, as `_fields` trims), in the list's order, joined by commas, in pieces to be sent one
   * after another. Without the array's brackets, which the caller writes around them: adding them
   * in SQL copied all 17 MB once more.
   */
  modificationIndexEntries(kind: CatalogueKind, filter: CatalogueFilter, sort: CatalogueSort, fields: readonly string[]): { pieces: Buffer[]; count: number } {
    const params = new SqlParams();
    const where = catalogueWhere(kind, filter, params);
    const order = catalogueOrderBy(sort, filter.now, params);
    const asked = [...new Set(fields)];
    // The entry as the index holds it (migration 17), read and joined, not built. Other field
    // orders are rare: built with json_object, the same bytes.
    const entry =
      asked.join() === 'id,date_modified_gmt'
        ? AUDIT_ENTRY
        : `json_object(${asked.map((field) => (field === 'id' ? `'id', p.id` : `'date_modified_gmt', p.date_modified_gmt`)).join(', ')})`;
    // Ordered in a subquery, which reads the list's index in order (an aggregate's own ORDER BY would
    // sort every entry again); SQLite keeps a subquery's ORDER BY under an aggregate. As a BLOB: the
    // bytes to send, never made a JavaScript string and encoded back.
    const piece = (after: string, limit: string) =>
      this.prepare<[Record<string, unknown>], { n: number; entries: Buffer | null }>(
        `SELECT COUNT(*) AS n, CAST(group_concat(entry) AS BLOB) AS entries
         FROM (SELECT ${entry} AS entry FROM ${catalogueFrom(filter)} WHERE ${where}${after} ORDER BY ${order}${limit}) p`,
      );
    if (sort.orderby !== 'date' || (filter.search !== undefined && filter.search !== '')) {
      const row = piece('', '').get(params.values);
      return { pieces: row?.entries ? [row.entries] : [], count: row?.n ?? 0 };
    }
    // In the list's creation-date order, in pieces of AUDIT_PIECE entries, each starting after the
    // last entry of the one before (its id is in its text, its date one lookup away): SQLite's
    // buffer of a piece and the piece itself are reused memory, where the 17 MB of one audit of
    // 300,000 variations were fresh pages, touched for the first time (9,300 page faults), and
    // then kept by the allocator.
    const direction = sort.order === 'asc' ? '>' : '<';
    const first = piece('', ` LIMIT ${AUDIT_PIECE}`);
    const next = piece(` AND (p.date_created_gmt, p.id) ${direction} (@afterDate, @afterId)`, ` LIMIT ${AUDIT_PIECE}`);
    const createdAt = this.prepare<[number], string>('SELECT date_created_gmt FROM products WHERE id = ?').pluck();
    return readTransaction(this.db, () => {
      const pieces: Buffer[] = [];
      let count = 0;
      let row = first.get(params.values);
      while (row?.entries) {
        pieces.push(row.entries);
        count += row.n;
        if (row.n < AUDIT_PIECE) break;
        const afterId = lastAuditId(row.entries);
        row = next.get({ ...params.values, afterDate: createdAt.get(afterId), afterId });
      }
      return { pieces, count };
    });
  }
}
