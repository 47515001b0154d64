import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';

/** The products on the first page of each store's till, in the manager's order (migration 20). */
export class StoreFavouritesRepository {
  constructor(private readonly db: Database) {}

  productIdsOf(storeId: number): number[] {
    return prepared<[number], { product_id: number }>(this.db, 'SELECT product_id FROM store_favourites WHERE store_id = ? ORDER BY position')
      .all(storeId)
      .map((row) => row.product_id);
  }

  /** Makes the store's favourites exactly `productIds`, in that order. */
  setProductIds(storeId: number, productIds: readonly number[]): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'DELETE FROM store_favourites WHERE store_id = ?').run(storeId);
      const add = prepared(this.db, 'INSERT INTO store_favourites (store_id, product_id, position) VALUES (?, ?, ?)');
      productIds.forEach((productId, position) => add.run(storeId, productId, position));
    });
  }

  /** The ids among `productIds` that are no product a till sells directly (missing, or a variation). */
  unknownProducts(productIds: readonly number[]): number[] {
    const exists = prepared<[number], { n: number }>(this.db, "SELECT COUNT(*) AS n FROM products WHERE id = ? AND type <> 'variation'");
    return productIds.filter((id) => exists.get(id)?.n !== 1);
  }
}
