import { createHash } from 'node:crypto';
import type { ProductDocumentsRepository, DocumentToStore, StoredDocument } from '../../data/repositories/product-documents.js';
import type { CatalogueFilter, CatalogueSort, ProductsRepository } from '../../data/repositories/products.js';
import type { Catalogue } from './catalogue.js';
import { cacheablePage, DocumentPages, pageKey } from './document-pages.js';
import type { PriceFields } from '../../model/catalogue/pricing.js';
import type { ShapeContext } from './shape.js';

/**
 * What a document depends on besides its rows and the clock: the store's settings (decimals,
 * currency, separators, time zone, storefront url) and the API base of `_links` and permalinks.
 * Documents are kept per stamp: a request by another host name shapes afresh.
 */
export function documentStamp(context: ShapeContext): string {
  // The default store is read once until something is written, frozen (StoresRepository.defaultStore):
  // its stamps, per API base, are kept with that very object. Any other store object is digested afresh.
  if (!Object.isFrozen(context.store)) return digestOf(context);
  let byBase = stampsOfStore.get(context.store);
  if (byBase === undefined || byBase.size >= 16) {
    byBase = new Map();
    stampsOfStore.set(context.store, byBase);
  }
  let stamp = byBase.get(context.apiBase);
  if (stamp === undefined) {
    stamp = digestOf(context);
    byBase.set(context.apiBase, stamp);
  }
  return stamp;
}

const stampsOfStore = new WeakMap<ShapeContext['store'], Map<string, string>>();

/** Changes whenever the product shape does, so that documents stored in the old shape are shaped afresh. */
const SHAPE_REVISION = 'pos_visibility as meta';

const digestOf = (context: ShapeContext): string =>
  createHash('sha256')
    .update(`${SHAPE_REVISION}\n${JSON.stringify(context.store)}\n${context.apiBase}`)
    .digest('base64url');

/**
 * The next moments at which the clock changes what `isOnSale` says of any of `items`: a sale that
 * has not begun begins when now reaches `date_on_sale_from_gmt` (valid before it), and a sale that
 * has not ended ends once now passes `date_on_sale_to_gmt` (valid through it). Compared as strings,
 * exactly as the sale rule compares them.
 */
export function saleBoundaries(items: readonly PriceFields[], nowGmt: string): { validBefore: string | null; validThrough: string | null } {
  let validBefore: string | null = null;
  let validThrough: string | null = null;
  for (const item of items) {
    const from = item.date_on_sale_from_gmt;
    const to = item.date_on_sale_to_gmt;
    if (from !== null && from > nowGmt && (validBefore === null || from < validBefore)) validBefore = from;
    if (to !== null && to >= nowGmt && (validThrough === null || to < validThrough)) validThrough = to;
  }
  return { validBefore, validThrough };
}

/** What ProductDocuments is built from (server/composition.ts builds each once). */
export interface ProductDocumentsParts {
  catalogue: Catalogue;
  products: ProductsRepository;
  documents: ProductDocumentsRepository;
}

/**
 * Products as the JSON text the API sends by default (view context, every field), kept in
 * `product_documents` between requests. A document is sent as stored while it is fresh; a stale
 * or missing one is shaped now, by the same code as any other request, and stored for the next.
 */
export class ProductDocuments {
  private readonly catalogue: Catalogue;
  private readonly products: ProductsRepository;
  private readonly documents: ProductDocumentsRepository;

  constructor(parts: ProductDocumentsParts) {
    this.catalogue = parts.catalogue;
    this.products = parts.products;
    this.documents = parts.documents;
  }

  private readonly pages = new DocumentPages();

  /** One page of the product list as the JSON array the API sends, and the list's total. */
  listPage(filter: CatalogueFilter, sort: CatalogueSort, limit: number, offset: number, context: ShapeContext): { body: Buffer | string; total: number } {
    const stamp = documentStamp(context);
    if (!cacheablePage(filter, sort)) {
      const { ids, total } = this.products.listIds('product', filter, sort, limit, offset);
      return { body: this.pageJson(ids, context), total };
    }
    const key = pageKey(filter, sort, limit, offset, stamp);
    // Read before the rows: a write in between leaves an older version on the page kept, which the next request will not send.
    const version = this.documents.version();
    const cached = this.pages.get(key, version, context.nowGmt);
    if (cached !== undefined) return cached;
    const { ids, total } = this.products.listIds('product', filter, sort, limit, offset);
    const page = this.documents.readPage(ids, stamp, context.nowGmt);
    if (!page.complete) return { body: this.shapeMissing(ids, stamp, context), total };
    this.pages.set(key, { version, body: page.body, total, validBefore: page.validBefore, validThrough: page.validThrough });
    return { body: page.body, total };
  }

  /** The page of `ids` as a JSON array, in that order; unknown ids are left out. */
  pageJson(ids: readonly number[], context: ShapeContext): Buffer | string {
    const stamp = documentStamp(context);
    const page = this.documents.readPage(ids, stamp, context.nowGmt);
    return page.complete ? page.body : this.shapeMissing(ids, stamp, context);
  }

  /** The page of `ids` when some of its documents are stale or missing: those shaped and stored, the others as stored. */
  private shapeMissing(ids: readonly number[], stamp: string, context: ShapeContext): string {
    const stored = this.documents.read(ids, stamp, context.nowGmt);
    const fresh = this.refresh(stored, stamp, context);
    const parts: string[] = [];
    for (const document of stored) {
      const json = document.json ?? fresh.get(document.id);
      if (json !== undefined) parts.push(json);
    }
    return `[${parts.join(',')}]`;
  }

  /** One product's document, with its till visibility; undefined for an unknown id or a variation. */
  productJson(id: number, context: ShapeContext): { json: Buffer | string; posVisibility: string } | undefined {
    const stamp = documentStamp(context);
    const stored = this.documents.readProduct(id, stamp, context.nowGmt);
    if (stored === undefined || stored.type === 'variation') return undefined;
    const json = stored.json ?? this.refresh([{ id, revision: stored.revision, json: null }], stamp, context).get(id);
    return json === undefined ? undefined : { json, posVisibility: stored.pos_visibility };
  }

  /** Shapes the documents that are stale or missing, stores them over the revisions read, and returns their text by id. */
  private refresh(stored: readonly StoredDocument[], stamp: string, context: ShapeContext): Map<number, string> {
    const stale = stored.filter((document) => document.json === null);
    const fresh = new Map<number, string>();
    if (stale.length === 0) return fresh;
    // The revisions were read before these rows: a write in between moves the revision, and the store below skips that document.
    const shaped = this.catalogue.shapeProductsWithVariations(
      this.products.findMany(stale.map((document) => document.id)).filter((record) => record.type !== 'variation'),
      context,
    );
    const revisions = new Map(stale.map((document) => [document.id, document.revision]));
    const toStore: DocumentToStore[] = [];
    for (const { record, variations, resource } of shaped) {
      const json = JSON.stringify(resource);
      fresh.set(record.id, json);
      const revision = revisions.get(record.id);
      if (revision === null || revision === undefined) continue;
      toStore.push({ id: record.id, revision, json, ...saleBoundaries([record, ...variations], context.nowGmt) });
    }
    // Stored after this turn's answers are sent: the next reader, not this one, gains by them.
    this.documents.storeSoon(toStore, stamp);
    return fresh;
  }
}
