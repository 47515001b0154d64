import type { StoreFavouritesRepository } from '../data/repositories/store-favourites.js';
import { invalidParams } from './errors.js';

/** At most one page of the till's product area (renderer PRODUCTS_PER_PAGE): the favourites are that page. */
export const MAX_FAVOURITES = 24;

/** What StoreFavourites is built from (server/composition.ts builds each once). */
export interface StoreFavouritesParts {
  favourites: StoreFavouritesRepository;
}

/** The favourites of each store's till: read by every till, set by a manager. */
export class StoreFavourites {
  private readonly favourites: StoreFavouritesRepository;

  constructor(parts: StoreFavouritesParts) {
    this.favourites = parts.favourites;
  }

  productIdsOf(storeId: number): number[] {
    return this.favourites.productIdsOf(storeId);
  }

  /** Replaces a store's favourites; an id of no sellable product is refused (400 naming it) and nothing changes. */
  set(storeId: number, productIds: readonly number[]): number[] {
    const unique = [...new Set(productIds)];
    const unknown = this.favourites.unknownProducts(unique);
    if (unknown.length > 0) throw invalidParams({ product_ids: `no product with id ${unknown.join(', ')}` });
    this.favourites.setProductIds(storeId, unique);
    return this.favourites.productIdsOf(storeId);
  }
}
