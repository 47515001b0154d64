import type { Database } from '../../data/database.js';
import type { ProductWritesRepository } from '../../data/repositories/product-writes.js';
import type { StockLedgerRepository } from '../../data/repositories/stock-ledger.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { SyncCatalogueRepository } from '../../data/repositories/sync-catalogue.js';
import type { SyncCatalogueRowsRepository } from '../../data/repositories/sync-catalogue-rows.js';
import type { OutboxSnapshot, SyncUnsentStockRepository, UnsentStockMove } from '../../data/repositories/sync-unsent-stock.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { managedStockStatus } from '../../model/catalogue/stock.js';
import { shiftedGmt } from '../../model/dates.js';
import { storeFieldsSchema } from '../../model/stores.js';
import { CataloguePullFailed, emptyCounts, type PullProgress, type PullReport, type PulledResource } from './report.js';
import { couponRow, isPulledCoupon, isPulledType, newestModified, productRow, productTermIds, remoteStock, taxRateRow, termRow } from './records.js';
import { isJson, list, text, whole, type Json } from '../shop/answers.js';
import { storeFieldsFromSettings } from './settings.js';
import { PulledStock } from './stock.js';
import { MAX_PER_PAGE, STABLE_PAGES, type QueryParams, type WooCommerceClient } from '../shop/client.js';
import { variationName } from '../../model/catalogue/naming.js';
import type { Taxonomy } from '../../model/catalogue/types.js';

export { CataloguePullFailed, type PullProgress, type PullReport, type PulledResource, type ResourceCounts } from './report.js';

/**
 * `modified_after` is a strict `>` on whole seconds of WooCommerce's clock (§9): a record saved in the
 * same second as the newest one seen, after the list was read, would be missed at exactly the mark.
 * Reading again from a few seconds before it costs a handful of records read twice.
 */
export const OVERLAP_SECONDS = 5;

export interface CataloguePullParts {
  db: Database;
  ids: SyncCatalogueRepository;
  rows: SyncCatalogueRowsRepository;
  /** The one writer of product rows. */
  products: ProductWritesRepository;
  stores: StoresRepository;
  ledger: StockLedgerRepository;
  /** The till's stock moves not yet in WooCommerce, kept on top of the stock the pull brings. */
  unsent: SyncUnsentStockRepository;
}

export interface CataloguePullOptions {
  onProgress?: (progress: PullProgress) => void;
}

/** What a page's write needs for stock: the pull's stock rules, the unsent moves at the write, and the id a variation is read again by (its parent's). */
interface StockContext {
  stock: PulledStock;
  moves: Map<number, UnsentStockMove>;
  recheckAs?: number;
}

const TAXONOMIES: ReadonlyArray<[PulledResource, string, Taxonomy]> = [
  ['categories', 'products/categories', 'product_cat'],
  ['tags', 'products/tags', 'product_tag'],
  ['brands', 'products/brands', 'product_brand'],
];

/** How a till gives ids to what it pulls, decided at the first pull and kept (migration 18's `identity` mark). */
type Identity = 'woocommerce' | 'matched';

/**
 * WooCommerce masters the catalogue (issue 23, item 2): a full pull of products, variations, terms,
 * coupons, tax classes and rates and the settings that change totals; then incremental pulls by
 * `modified_after` (resources without it are read whole), each followed by an id audit, since a
 * permanent delete never shows in `modified_after` (§10). Each page is written in its own transaction;
 * the marks move only once their resource is read whole, so a pull that fails is simply run again.
 */
export class CataloguePull {
  private readonly db: Database;
  private readonly ids: SyncCatalogueRepository;
  private readonly rows: SyncCatalogueRowsRepository;
  private readonly products: ProductWritesRepository;
  private readonly stores: StoresRepository;
  private readonly ledger: StockLedgerRepository;
  private readonly unsent: SyncUnsentStockRepository;

  constructor(
    private readonly client: WooCommerceClient,
    parts: CataloguePullParts,
    private readonly options: CataloguePullOptions = {},
  ) {
    this.db = parts.db;
    this.ids = parts.ids;
    this.rows = parts.rows;
    this.products = parts.products;
    this.stores = parts.stores;
    this.ledger = parts.ledger;
    this.unsent = parts.unsent;
  }

  /** Everything, whatever the marks say. */
  full(): Promise<PullReport> {
    return this.run('full');
  }

  /** What changed since the last pull, and what was deleted. The first pull of a till is a full one. */
  incremental(): Promise<PullReport> {
    return this.run(this.ids.mark('products.modified') === undefined ? 'full' : 'incremental');
  }

  private async run(kind: 'full' | 'incremental'): Promise<PullReport> {
    const started = Date.now();
    const counts = emptyCounts();
    if (this.ids.mark('identity') === undefined) this.ids.setMark('identity', this.ids.catalogueIsEmpty() ? 'woocommerce' : 'matched');
    await this.pullTaxes(counts);
    await this.pullSettings(counts);
    for (const [resource, path, taxonomy] of TAXONOMIES) await this.pullTerms(resource, path, taxonomy, counts);
    await this.pullProducts(kind, counts);
    await this.pullCoupons(kind, counts);
    if (kind === 'full' && this.identity() === 'matched') {
      const unmatched = this.ids.unmappedProducts().map((product) => product.id);
      writeTransaction(this.db, () => {
        this.ids.markLocalOnly(unmatched);
      });
      counts.products.local_only += unmatched.length;
    }
    return { kind, counts, seconds: (Date.now() - started) / 1000 };
  }

  private identity(): Identity {
    return this.ids.mark('identity') === 'woocommerce' ? 'woocommerce' : 'matched';
  }

  /** Every page of a list, each handed to `page` as it comes (with the progress so far); `beforeRequest` runs before each page is asked for. */
  private async eachPage(
    resource: PulledResource,
    path: string,
    query: QueryParams,
    page: (records: Json[]) => void,
    beforeRequest?: () => void,
  ): Promise<void> {
    let done = 0;
    for (let number = 1; ; number++) {
      beforeRequest?.();
      const outcome = await this.client.get(path, { ...STABLE_PAGES, ...query, per_page: MAX_PER_PAGE, page: number });
      if (outcome.kind !== 'ok') throw new CataloguePullFailed(resource, outcome);
      const listed = list(outcome.body);
      page(listed.filter(isJson));
      done += listed.length;
      this.options.onProgress?.({ resource, done, total: outcome.paging.total });
      if (listed.length === 0 || number >= (outcome.paging.totalPages ?? 1)) return;
    }
  }

  private async all(resource: PulledResource, path: string, query: QueryParams = {}): Promise<Json[]> {
    const records: Json[] = [];
    await this.eachPage(resource, path, query, (page) => records.push(...page));
    return records;
  }

  private async one(resource: PulledResource, path: string): Promise<unknown> {
    const outcome = await this.client.get(path);
    if (outcome.kind !== 'ok') throw new CataloguePullFailed(resource, outcome);
    return outcome.body;
  }

  /** The local id for a remote record: mapped already, WooCommerce's own on a till connected from empty, or a match. */
  private localIdFor(
    resource: 'product' | 'term' | 'coupon' | 'tax_rate',
    remoteId: number,
    match: () => number | undefined,
  ): { id: number | null; isNew: boolean } {
    const mapped = this.ids.mapping(resource, remoteId);
    if (mapped) return { id: mapped.localId, isNew: false };
    if (this.identity() === 'woocommerce' || resource === 'tax_rate') return { id: remoteId, isNew: true };
    const matched = match();
    return matched !== undefined && this.ids.remoteIdOf(resource, matched) === undefined ? { id: matched, isNew: false } : { id: null, isNew: true };
  }

  /** Tax classes and rates, read whole (they have no `modified_after`, §6); WooCommerce's set replaces the till's. */
  private async pullTaxes(counts: PullReport['counts']): Promise<void> {
    const classes = (await this.all('tax_classes', 'taxes/classes')).map((entry) => ({ slug: text(entry.slug), name: text(entry.name) }));
    const rates = await this.all('tax_rates', 'taxes');
    writeTransaction(this.db, () => {
      const classCounts = this.rows.writeTaxClasses(classes);
      counts.tax_classes.created += classCounts.created;
      counts.tax_classes.updated += classCounts.updated;
      counts.tax_classes.deleted += classCounts.deleted;
      const seen = new Set<number>();
      for (const rate of rates) {
        const remoteId = whole(rate.id);
        const { id, isNew } = this.localIdFor('tax_rate', remoteId, () => undefined);
        const localId = this.rows.writeTaxRate(id, taxRateRow(rate));
        this.ids.map('tax_rate', remoteId, localId);
        seen.add(localId);
        counts.tax_rates[isNew ? 'created' : 'updated']++;
      }
      // WooCommerce's rates are the shop's: a rate the till has and WooCommerce does not would price a sale otherwise.
      for (const localId of this.rows.taxRateIds()) {
        if (seen.has(localId)) continue;
        this.rows.deleteTaxRate(localId);
        const remoteId = this.ids.remoteIdOf('tax_rate', localId);
        if (remoteId !== undefined) this.ids.unmap('tax_rate', remoteId);
        counts.tax_rates.deleted++;
      }
    });
  }

  /** The tax and general settings that change totals, onto every store of the till (one WooCommerce shop). */
  private async pullSettings(counts: PullReport['counts']): Promise<void> {
    const tax = await this.one('settings', 'settings/tax');
    const general = await this.one('settings', 'settings/general');
    const fields = storeFieldsFromSettings(Array.isArray(tax) ? tax : [], Array.isArray(general) ? general : []);
    writeTransaction(this.db, () => {
      for (const store of this.stores.list(-1, 0).stores) {
        const next = storeFieldsSchema.parse({ ...store, ...fields });
        if (JSON.stringify(next) === JSON.stringify(storeFieldsSchema.parse(store))) continue;
        this.stores.update(store.id, store.name, next, store.meta_data);
        counts.settings.updated++;
      }
    });
  }

  private async pullTerms(resource: PulledResource, path: string, taxonomy: Taxonomy, counts: PullReport['counts']): Promise<void> {
    const terms = await this.all(resource, path);
    writeTransaction(this.db, () => {
      const seen = new Set<number>();
      // Parents first where they are in the list; a parent that comes later is set in the second pass.
      for (const pass of [1, 2]) {
        for (const term of terms) {
          const remoteId = whole(term.id);
          const parent = this.ids.mapping('term', whole(term.parent))?.localId ?? 0;
          const { id, isNew } = this.localIdFor('term', remoteId, () => this.rows.termBySlug(taxonomy, text(term.slug)));
          if (pass === 2 && parent === 0) continue;
          const localId = this.rows.writeTerm(id, termRow(term, taxonomy, parent));
          this.ids.map('term', remoteId, localId);
          if (pass === 1) counts[resource][isNew ? 'created' : 'updated']++;
          seen.add(remoteId);
        }
      }
      for (const mapping of this.ids.mappings('term')) {
        if (seen.has(mapping.remoteId) || !this.rows.termExists(mapping.localId) || this.rows.termTaxonomy(mapping.localId) !== taxonomy) continue;
        this.rows.deleteTerm(mapping.localId);
        this.ids.unmap('term', mapping.remoteId);
        counts[resource].deleted++;
      }
    });
  }

  /**
   * Products (with `modified_after` when incremental), those whose stock was in doubt at the last pull
   * (by id), the variations of each variable one read, then the id audit.
   */
  private async pullProducts(kind: 'full' | 'incremental', counts: PullReport['counts']): Promise<void> {
    const since = this.ids.mark('products.modified');
    const query: QueryParams =
      kind === 'incremental' && since !== undefined ? { modified_after: shiftedGmt(since, -OVERLAP_SECONDS), dates_are_gmt: true } : {};
    let newest = since;
    const stock = new PulledStock(this.ids, this.unsent);
    const variable: Array<{ remoteId: number; localId: number; name: string }> = [];
    const read = new Set<number>();
    let snapshot: OutboxSnapshot = stock.snapshot();
    const writePage = (records: Json[]): void => {
      this.ledger.recording({ reason: 'import', reference: 'woocommerce' }, () => {
        const context: StockContext = { stock, moves: stock.moves(snapshot) };
        for (const record of records) {
          if (!isPulledType(record) || record.type === 'variation') {
            counts.products.skipped++;
            continue;
          }
          read.add(whole(record.id));
          const localId = this.writeProduct(record, 0, counts.products, context);
          if (record.type === 'variable') variable.push({ remoteId: whole(record.id), localId, name: text(record.name) });
        }
      });
    };
    const takeSnapshot = (): void => {
      snapshot = stock.snapshot();
    };
    await this.eachPage(
      'products',
      'products',
      query,
      (records) => {
        newest = newestModified(records, newest);
        writePage(records);
      },
      takeSnapshot,
    );
    const recheck = stock.recheck().filter((id) => !read.has(id));
    for (let start = 0; start < recheck.length; start += MAX_PER_PAGE) {
      await this.eachPage('products', 'products', { include: recheck.slice(start, start + MAX_PER_PAGE).join(',') }, writePage, takeSnapshot);
    }
    for (const parent of variable) await this.pullVariations(parent, counts, stock);
    await this.auditProducts(counts);
    stock.finish();
    if (newest !== undefined) this.ids.setMark('products.modified', newest);
  }

  private writeProduct(record: Json, localParentId: number, counts: PullReport['counts']['products'], context: StockContext, parentName?: string): number {
    const remoteId = whole(record.id);
    const { id, isNew } = this.localIdFor('product', remoteId, () =>
      typeof record.sku === 'string' && record.sku !== '' ? this.rows.productBySku(record.sku) : undefined,
    );
    const termIds = productTermIds(record).flatMap((remote) => {
      const local = this.ids.mapping('term', remote)?.localId;
      return local === undefined ? [] : [local];
    });
    const row = productRow(record, localParentId, termIds);
    if (parentName !== undefined) row.name = variationName(parentName, row.variation_attributes);
    const before = this.ids.mapping('product', remoteId);
    const localId = this.products.put(id, row);
    const stock = remoteStock(record);
    // Stock is written when WooCommerce's changed (or the product is new to the till, or was in doubt), never because a pull ran.
    const quantity = context.stock.quantityFor({
      stock,
      lastRemote: before === undefined ? undefined : before.remoteStock,
      move: context.moves.get(localId),
      recheckAs: context.recheckAs ?? remoteId,
    });
    if (quantity !== undefined) this.rows.writeStock(localId, quantity, quantity === null ? row.stock_status : managedStockStatus(quantity, row.backorders));
    this.ids.map('product', remoteId, localId, stock);
    this.ids.unmarkLocalOnly(localId);
    counts[isNew ? 'created' : 'updated']++;
    return localId;
  }

  /** A variable product's variations, read whole (a change to one stamps its parent's `date_modified_gmt`, §14); those gone are trashed. */
  private async pullVariations(parent: { remoteId: number; localId: number; name: string }, counts: PullReport['counts'], stock: PulledStock): Promise<void> {
    const snapshot = stock.snapshot();
    const records = await this.all('variations', `products/${parent.remoteId}/variations`);
    this.ledger.recording({ reason: 'import', reference: 'woocommerce' }, () => {
      const context: StockContext = { stock, moves: stock.moves(snapshot), recheckAs: parent.remoteId };
      const kept = new Set<number>();
      for (const record of records) kept.add(this.writeProduct(record, parent.localId, counts.variations, context, parent.name));
      for (const localId of this.rows.variationIds(parent.localId)) {
        if (kept.has(localId) || this.rows.productStatus(localId) === 'trash' || this.ids.remoteIdOf('product', localId) === undefined) continue;
        this.rows.trashProduct(localId);
        counts.variations.deleted++;
      }
    });
  }

  /** Products WooCommerce no longer lists (deleted, or in its trash, §10) go to the till's trash; their mapping stays for a restore. */
  private async auditProducts(counts: PullReport['counts']): Promise<void> {
    const listed = new Set<number>();
    await this.eachPage('products', 'products', { _fields: 'id' }, (records) => {
      for (const record of records) listed.add(whole(record.id));
    });
    writeTransaction(this.db, () => {
      for (const mapping of this.ids.mappings('product')) {
        if (listed.has(mapping.remoteId) || this.rows.productType(mapping.localId) !== 'product') continue;
        if (this.rows.productStatus(mapping.localId) === 'trash') continue;
        this.rows.trashProduct(mapping.localId);
        counts.products.deleted++;
      }
    });
  }

  private async pullCoupons(kind: 'full' | 'incremental', counts: PullReport['counts']): Promise<void> {
    const since = this.ids.mark('coupons.modified');
    const query: QueryParams =
      kind === 'incremental' && since !== undefined ? { modified_after: shiftedGmt(since, -OVERLAP_SECONDS), dates_are_gmt: true } : {};
    const coupons = await this.all('coupons', 'coupons', query);
    const listed = new Set<number>();
    await this.eachPage('coupons', 'coupons', { _fields: 'id' }, (records) => {
      for (const record of records) listed.add(whole(record.id));
    });
    const localProducts = (remote: number[]): number[] => remote.flatMap((id) => this.ids.mapping('product', id)?.localId ?? []);
    const localTerms = (remote: number[]): number[] => remote.flatMap((id) => this.ids.mapping('term', id)?.localId ?? []);
    writeTransaction(this.db, () => {
      for (const coupon of coupons) {
        if (!isPulledCoupon(coupon)) {
          counts.coupons.skipped++;
          continue;
        }
        const remoteId = whole(coupon.id);
        const { id, isNew } = this.localIdFor('coupon', remoteId, () => this.rows.couponByCode(text(coupon.code)));
        const localId = this.rows.writeCoupon(id, couponRow(coupon, { products: localProducts, terms: localTerms }));
        this.ids.map('coupon', remoteId, localId);
        counts.coupons[isNew ? 'created' : 'updated']++;
      }
      for (const mapping of this.ids.mappings('coupon')) {
        if (listed.has(mapping.remoteId)) continue;
        if (this.rows.couponExists(mapping.localId)) {
          this.rows.deleteCoupon(mapping.localId);
          counts.coupons.deleted++;
        }
        this.ids.unmap('coupon', mapping.remoteId);
      }
    });
    const newest = newestModified(coupons, since);
    if (newest !== undefined) this.ids.setMark('coupons.modified', newest);
  }
}
