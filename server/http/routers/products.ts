import type { Request, Router } from 'express';
import { z } from 'zod';
import type { BarcodeMatch } from '../../domain/catalogue/barcode-lookup.js';
import { POS_VISIBILITY_META } from '../../domain/catalogue/product-input.js';
import type { ShapeContext } from '../../domain/catalogue/shape.js';
import { STOCK_STATUSES } from '../../model/catalogue/stock.js';
import { PRODUCT_STATUSES, PRODUCT_TYPES, type Taxonomy } from '../../model/catalogue/types.js';
import { gmtNow } from '../../model/dates.js';
import type { Store } from '../../model/stores.js';
import { invalidParams, notFound } from '../../domain/errors.js';
import { CATALOGUE_ORDERBY, TERM_ORDERBY, type CatalogueFilter, type CatalogueKind, type CatalogueSort } from '../../domain/lists.js';
import {
  apiBase,
  collectionFilterOf,
  isSyncAudit,
  offsetOf,
  requestedFields,
  sendAudit,
  sendAuditEntries,
  orderQuery,
  pagingQuery,
  sendPage,
  sendItemJson,
  sendPageJson,
  sendItem,
} from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type RouteHandler } from '../endpoints.js';
import { contextOf } from '../middleware/request-context.js';
import { idListSchema, idParams, parseWith, queryBoolean, queryDate, stringListSchema } from '../validation.js';

/** What the catalogue's shapes need of a request: `stores` is the stores' service (AppContext's services). */
export function shapeContextOf(req: Request, stores: { defaultStore(): Store }): ShapeContext {
  return { store: stores.defaultStore(), apiBase: apiBase(req), nowGmt: gmtNow(), context: contextOf(req) };
}

/** A request for the whole default shape (view context, no `_fields`), which stored product documents answer. */
const isDefaultShape = (req: Request): boolean => requestedFields(req) === undefined && contextOf(req) === 'view';

const search = z.string().trim().max(200).optional();
const stockQuantity = z.coerce.number('must be a number').optional();

/** Filters that products and variations share (woocommerce-reference §3). */
export const catalogueQuery = pagingQuery.extend({
  search,
  sku: stringListSchema,
  barcode: z.string().trim().min(1).max(64).optional(),
  status: z.enum(['any', ...PRODUCT_STATUSES]).default('any'),
  stock_status: z.enum(STOCK_STATUSES).optional(),
  on_sale: queryBoolean.optional(),
  include: idListSchema,
  exclude: idListSchema,
  parent: idListSchema,
  orderby: z.enum(CATALOGUE_ORDERBY).default('date'),
  order: orderQuery.default('desc'),
  after: queryDate.optional(),
  before: queryDate.optional(),
  modified_after: queryDate.optional(),
  modified_before: queryDate.optional(),
  stock_quantity: stockQuantity,
  min_stock_quantity: stockQuantity,
  max_stock_quantity: stockQuantity,
  /** Items low in stock: at or under their own `low_stock_amount`, else the store's `notify_low_stock_amount`. */
  low_in_stock: queryBoolean.optional(),
});

export const productsQuery = catalogueQuery.extend({
  category: idListSchema,
  tag: idListSchema,
  brand: idListSchema,
  type: z.enum(PRODUCT_TYPES).optional(),
  slug: z.string().trim().min(1).max(200).optional(),
});

type CatalogueQuery = z.output<typeof catalogueQuery> & Partial<Pick<z.output<typeof productsQuery>, 'category' | 'tag' | 'brand' | 'type' | 'slug'>>;

function catalogueFilter(query: CatalogueQuery, store: Store): CatalogueFilter {
  return {
    ...collectionFilterOf(query),
    now: gmtNow(),
    skus: query.sku,
    categories: query.category,
    tags: query.tag,
    brands: query.brand,
    status: query.status === 'any' ? undefined : query.status,
    stockStatus: query.stock_status,
    onSale: query.on_sale,
    type: query.type,
    parents: query.parent,
    slug: query.slug,
    stockQuantity: query.stock_quantity,
    minStockQuantity: query.min_stock_quantity,
    maxStockQuantity: query.max_stock_quantity,
    lowStockAmount: query.low_in_stock === true ? store.notify_low_stock_amount : undefined,
  };
}

function catalogueSort(query: CatalogueQuery): CatalogueSort {
  if (query.orderby === 'include' && query.include === undefined) throw invalidParams({ orderby: 'orderby=include needs the include parameter' });
  return { orderby: query.orderby, order: query.order, include: query.include };
}

export const termsQuery = pagingQuery.extend({
  search,
  include: idListSchema,
  exclude: idListSchema,
  order: orderQuery.default('asc'),
  orderby: z.enum(TERM_ORDERBY).default('name'),
  hide_empty: queryBoolean.default(false),
  parent: z.coerce.number().int('must be an integer').min(0, 'must be 0 or a term id').optional(),
  product: z.coerce.number().int('must be an integer').positive('must be a product id').optional(),
  slug: stringListSchema,
});

/** Catalogue browsing: products, variations, categories, tags and brands (read-only). */
export function createProductsRouter({ auth, db, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { catalogue, productDocuments: documents, tillFilter: till, stores } = services;

  /** The filter as the till sees the catalogue (domain/catalogue/till-filter.ts), with the match of a scanned `barcode`. */
  const tillFilter = (kind: CatalogueKind, query: CatalogueQuery): { filter: CatalogueFilter; match: BarcodeMatch | undefined } =>
    till.narrow(kind, catalogueFilter(query, stores.defaultStore()), query.barcode);
  const withMatch = <T extends object>(items: readonly T[], match: BarcodeMatch | undefined) =>
    match === undefined ? items : items.map((item) => ({ ...item, barcode_match: match }));

  const listCatalogue =
    (kind: CatalogueKind): RouteHandler<{ query: typeof catalogueQuery | typeof productsQuery; syncAudit: true }> =>
    (req, res, input) => {
      const query: CatalogueQuery = input.query;
      if (isSyncAudit(req)) {
        const audit = catalogue.modificationIndexEntries(kind, tillFilter(kind, query).filter, catalogueSort(query), requestedFields(req) ?? ['id']);
        sendAuditEntries(res, db, audit.pieces, audit.count);
        return;
      }
      const { filter, match } = tillFilter(kind, query);
      const sort = catalogueSort(query);
      const context = shapeContextOf(req, stores);
      if (kind === 'product' && match === undefined && isDefaultShape(req)) {
        const page = documents.listPage(filter, sort, query.per_page, offsetOf(query), context);
        sendPageJson(req, res, page.body, page.total, query);
      } else if (kind === 'product') {
        const page = catalogue.listProducts(filter, sort, query.per_page, offsetOf(query), context);
        sendPage(req, res, withMatch(page.items, match), page.total, query);
      } else {
        const page = catalogue.listVariations(filter, sort, query.per_page, offsetOf(query), context);
        sendPage(req, res, withMatch(page.items, match), page.total, query);
      }
    };

  const listTerms =
    (taxonomy: Taxonomy): RouteHandler<{ query: typeof termsQuery; syncAudit: true }> =>
    (req, res, { query }) => {
      if (isSyncAudit(req)) {
        // Terms have no modification date in WooCommerce either: the audit lists every id with null.
        const all = catalogue.listTerms(taxonomy, {}, { orderby: 'id', order: 'asc' }, -1, 0, shapeContextOf(req, stores));
        sendAudit(
          req,
          res,
          all.items.map((term) => ({ id: term.id, date_modified_gmt: null })),
        );
        return;
      }
      if (query.orderby === 'include' && query.include === undefined) throw invalidParams({ orderby: 'orderby=include needs the include parameter' });
      const page = catalogue.listTerms(
        taxonomy,
        {
          search: query.search,
          include: query.include,
          exclude: query.exclude,
          hideEmpty: query.hide_empty,
          parent: taxonomy === 'product_tag' ? undefined : query.parent,
          product: query.product,
          slugs: query.slug,
        },
        { orderby: query.orderby, order: query.order, include: query.include },
        query.per_page,
        offsetOf(query),
        shapeContextOf(req, stores),
      );
      sendPage(req, res, page.items, page.total, query);
    };

  // The fixed paths first: `/products/{id}` would otherwise take "variations" for an id.
  routes.get('/products/variations', { query: catalogueQuery, syncAudit: true }, listCatalogue('variation'));
  routes.get('/products/categories', { query: termsQuery, syncAudit: true }, listTerms('product_cat'));
  routes.get('/products/tags', { query: termsQuery, syncAudit: true }, listTerms('product_tag'));
  routes.get('/products/brands', { query: termsQuery, syncAudit: true }, listTerms('product_brand'));
  routes.get('/products/variations/{id}', { params: idParams }, (req, res, { params }) => {
    const { id } = params;
    const { filter } = tillFilter('variation', parseWith(catalogueQuery, {}));
    const [variation] = catalogue.listVariations({ ...filter, include: [id] }, { orderby: 'id', order: 'asc' }, 1, 0, shapeContextOf(req, stores)).items;
    if (variation === undefined) throw notFound('product_variation');
    sendItem(req, res, variation);
  });
  routes.get('/products', { query: productsQuery, syncAudit: true }, listCatalogue('product'));
  routes.get('/products/{id}', { params: idParams }, (req, res, { params }) => {
    const { id } = params;
    if (isDefaultShape(req)) {
      const document = documents.productJson(id, shapeContextOf(req, stores));
      if (document === undefined || (document.posVisibility === 'online_only' && till.hidesOnlineOnly())) throw notFound('product');
      sendItemJson(res, document.json);
      return;
    }
    const product = catalogue.getProduct(id, shapeContextOf(req, stores));
    const onlineOnly = product.meta_data.some((entry) => entry.key === POS_VISIBILITY_META && entry.value === 'online_only');
    if (onlineOnly && till.hidesOnlineOnly()) throw notFound('product');
    sendItem(req, res, product);
  });

  return routes.router;
}
