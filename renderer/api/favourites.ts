/** A store's favourites (`/stores/{id}/favourites`): the till's first page, chosen and ordered by a manager. */
import type { StoreFavouritesResource } from '../../shared/resources/favourites.js';
import type { ApiClient } from '../api-client.js';
import { TILE_FIELDS, type ProductTile } from './products.js';

export function ids(client: ApiClient, storeId: number): Promise<StoreFavouritesResource> {
  return client.get<StoreFavouritesResource>(`/stores/${storeId}/favourites`);
}

export function setIds(client: ApiClient, storeId: number, productIds: readonly number[]): Promise<StoreFavouritesResource> {
  return client.request<StoreFavouritesResource>('PUT', `/stores/${storeId}/favourites`, { product_ids: productIds });
}

/**
 * The favourites as tiles, in the manager's order (`orderby=include`). A favourite since deleted or
 * hidden from the till is left out by the products list itself, so the page shows only what sells.
 */
export async function tiles(client: ApiClient, storeId: number): Promise<ProductTile[]> {
  const { product_ids: productIds } = await ids(client, storeId);
  if (productIds.length === 0) return [];
  return client.get<ProductTile[]>('/products', {
    include: productIds.join(','),
    orderby: 'include',
    // The list's default order is descending (WooCommerce's), which would turn the manager's order round.
    order: 'asc',
    per_page: productIds.length,
    _fields: TILE_FIELDS.join(','),
  });
}
