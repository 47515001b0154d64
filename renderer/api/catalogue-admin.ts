/**
 * The managers' side of the catalogue: products as the Products screen lists and edits them
 * (`/products`, `manage_products` for writes), their stock and its ledger (`/products/{id}/stock`),
 * the choices a product form offers (categories, tax classes), and whether WooCommerce masters the
 * catalogue (`/sync/status`).
 */
import type { AnswerOf, ApiClient } from '../api-client.js';

/** The fields the Products and Stock screens read; lists ask for only these. */
export const MANAGED_FIELDS = [
  'id',
  'name',
  'sku',
  'barcode',
  'global_unique_id',
  'regular_price',
  'price',
  'tax_class',
  'categories',
  'images',
  'status',
  'type',
  'manage_stock',
  'stock_quantity',
  'stock_status',
  'low_stock_amount',
  'meta_data',
] as const;

export type ManagedProduct = Pick<AnswerOf<'GET /products'>[number], (typeof MANAGED_FIELDS)[number]>;

/** What the product form sends: WooCommerce's fields; `meta_data` carries `_pos_visibility`. */
export interface ProductWrite {
  name: string;
  sku: string;
  global_unique_id: string;
  regular_price: string;
  tax_class: string;
  categories: Array<{ id: number }>;
  images: Array<{ src: string }>;
  manage_stock?: boolean;
  /** The product's own low-stock amount; null: the shop's. */
  low_stock_amount: number | null;
  meta_data: Array<{ key: string; value: string }>;
}

export type StockReason = 'received' | 'damaged' | 'counted' | 'correction';

/** The ledger's lines and a stock adjustment's answer. */
export type LedgerEntry = AnswerOf<'GET /products/{id}/stock'>[number];
export type StockAnswer = AnswerOf<'POST /products/{id}/stock'>;

export type TaxClass = Pick<AnswerOf<'GET /taxes/classes'>[number], 'slug' | 'name'>;
export type CategoryChoice = Pick<AnswerOf<'GET /products/categories'>[number], 'id' | 'name'>;

export interface ProductPageQuery {
  search: string;
  page: number;
  per_page: number;
}

const FIELDS = MANAGED_FIELDS.join(',');

/** One page of the catalogue, every status, by name (the till's own list hides drafts; a manager's must not). */
export function page(client: ApiClient, query: ProductPageQuery): Promise<ManagedProduct[]> {
  return client.call('GET /products', {
    query: {
      search: query.search === '' ? undefined : query.search,
      page: query.page,
      per_page: query.per_page,
      orderby: 'title',
      order: 'asc',
      status: 'any',
      _fields: FIELDS,
    },
  });
}

/** The product whose barcode or SKU was scanned or typed, or null. */
export async function byCode(client: ApiClient, code: string): Promise<ManagedProduct | null> {
  const found: ManagedProduct[] = await client.call('GET /products', { query: { barcode: code, per_page: 1, status: 'any', _fields: FIELDS } });
  return found[0] ?? null;
}

export function one(client: ApiClient, id: number): Promise<ManagedProduct> {
  return client.call('GET /products/{id}', { params: { id }, query: { _fields: FIELDS } });
}

/** Products whose managed stock is at or under their own low-stock amount, else the shop's; fewest first. */
export async function lowStock(client: ApiClient): Promise<ManagedProduct[]> {
  const found: ManagedProduct[] = await client.call('GET /products', { query: { low_in_stock: true, per_page: 100, status: 'any', _fields: FIELDS } });
  return found.filter((product) => product.manage_stock && product.stock_quantity !== null).sort((a, b) => (a.stock_quantity ?? 0) - (b.stock_quantity ?? 0));
}

export function create(client: ApiClient, body: ProductWrite): Promise<ManagedProduct> {
  return client.call('POST /products', { body });
}

export function update(client: ApiClient, id: number, body: Partial<ProductWrite>): Promise<ManagedProduct> {
  return client.call('PATCH /products/{id}', { params: { id }, body });
}

/** A change of stock (`adjust`) or a count (`set`), with why; the server writes the ledger line. */
export function changeStock(client: ApiClient, id: number, body: ({ adjust: number } | { set: number }) & { reason: StockReason; note: string }) {
  return client.call('POST /products/{id}/stock', { params: { id }, body });
}

export function ledger(client: ApiClient, id: number, query: { page: number; per_page: number }) {
  return client.call('GET /products/{id}/stock', { params: { id }, query });
}

export function categories(client: ApiClient): Promise<CategoryChoice[]> {
  return client.call('GET /products/categories', { query: { per_page: 100, _fields: 'id,name' } });
}

export function taxClasses(client: ApiClient): Promise<TaxClass[]> {
  return client.call('GET /taxes/classes');
}

/** Whether the till is connected to WooCommerce, which then masters the catalogue. */
export async function catalogueManagedElsewhere(client: ApiClient): Promise<boolean> {
  return (await client.call('GET /sync/status')).connected;
}
