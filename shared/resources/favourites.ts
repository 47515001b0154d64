/** `GET`/`PUT /stores/{id}/favourites`: the products on the first page of the store's till, in order. */
export interface StoreFavouritesResource {
  store_id: number;
  product_ids: number[];
}
