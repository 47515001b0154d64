/** The catalogue (`/products`): the sell screen's tiles, scans, a variable product's variations, categories. */
import type { AnswerOf, ApiClient } from '../api-client.js';

/** The fields a tile and the cart read; the list asks for only these (`_fields`). */
export const TILE_FIELDS = [
  'id',
  'name',
  'status',
  'sku',
  'barcode',
  'price',
  'type',
  'manage_stock',
  'stock_quantity',
  'stock_status',
  'backorders',
  'images',
  'variations',
  'attributes',
  'meta_data',
] as const;

/** A product as the sell screen holds it: a tile's fields, and what a scan matched when it came from one. */
export type ProductTile = Pick<AnswerOf<'GET /products'>[number], (typeof TILE_FIELDS)[number] | 'barcode_match'>;

export type Category = Pick<AnswerOf<'GET /products/categories'>[number], 'id' | 'name' | 'count'>;

/** Sold by weight (meta `_pos_sold_by_weight`, set in the product's form): the till asks for the kilograms. */
export function soldByWeight(product: Pick<ProductTile, 'meta_data'>): boolean {
  return product.meta_data.some((entry) => entry.key === '_pos_sold_by_weight' && entry.value === 'yes');
}

export type ProductQuery = {
  search?: string | undefined;
  category?: number | undefined;
  page: number;
  per_page: number;
  orderby?: 'title' | undefined;
  order?: 'asc' | undefined;
};

export function tiles(client: ApiClient, query: ProductQuery): Promise<ProductTile[]> {
  return client.call('GET /products', { query: { ...query, _fields: TILE_FIELDS.join(',') } });
}

/** The product whose barcode (or SKU) the code is, as the server matches it (GS1 variable-measure codes too). */
export async function byBarcode(client: ApiClient, code: string): Promise<ProductTile | null> {
  const found = await client.call('GET /products', { query: { barcode: code, per_page: 1 } });
  return found[0] ?? null;
}

/** The product whose SKU the code is exactly, as a tile: a code keyed by hand at the counter. */
export async function bySku(client: ApiClient, code: string): Promise<ProductTile | null> {
  const found = await client.call('GET /products', { query: { sku: code, per_page: 1, _fields: TILE_FIELDS.join(',') } });
  return found[0] ?? null;
}

/** One product's tile, by its id (a scanned variation's product). */
export function tile(client: ApiClient, id: number): Promise<ProductTile> {
  return client.call('GET /products/{id}', { params: { id }, query: { _fields: TILE_FIELDS.join(',') } });
}

/** The variation whose own barcode (or SKU) the code is, when no product's is. */
export async function variationByBarcode(client: ApiClient, code: string) {
  const found = await client.call('GET /products/variations', { query: { barcode: code, per_page: 1 } });
  return found[0] ?? null;
}

export function variations(client: ApiClient, productId: number) {
  return client.call('GET /products/{id}/variations', { params: { id: productId }, query: { per_page: 100 } });
}

/** The categories with products in them, for the sell screen's filter. */
export function categories(client: ApiClient): Promise<Category[]> {
  return client.call('GET /products/categories', { query: { per_page: 100, hide_empty: true, _fields: 'id,name,count' } });
}
