/** A store's favourites (`/stores/{id}/favourites`): the till's first page, chosen and ordered by a manager. */
import type { ApiClient } from '../api-client.js';
import { TILE_FIELDS, type ProductTile } from './products.js';

export function ids(client: ApiClient, storeId: number) {
  return client.call('GET /stores/{id}/favourites', { params: { id: storeId } });
}

export function setIds(client: ApiClient, storeId: number, productIds: readonly number[]) {
  return client.call('PUT /stores/{id}/favourites', { params: { id: storeId }, body: { product_ids: productIds } });
}

/**
 * The favourites as tiles, in the manager's order (`orderby=include`). A favourite since deleted or
 * hidden from the till is left out by the products list itself, so the page shows only what sells.
 */
export async function tiles(client: ApiClient, storeId: number): Promise<ProductTile[]> {
  const { product_ids: productIds } = await ids(client, storeId);
  if (productIds.length === 0) return [];
  return client.call('GET /products', {
    query: {
      include: productIds.join(','),
      orderby: 'include',
      // The list's default order is descending (WooCommerce's), which would turn the manager's order round.
      order: 'asc',
      per_page: productIds.length,
      _fields: TILE_FIELDS.join(','),
    },
  });
}
