import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { SyncIdKind } from '../../model/records/sync.js';

/** The till's ids and WooCommerce's, by kind (migration 19). */
export class SyncIdsRepository {
  constructor(private readonly db: Database) {}

  /**
   * WooCommerce's id of a till record. A product the catalogue's pull brought or matched is read from
   * the pull's map (`sync_catalogue_ids`, migration 18), which WooCommerce masters; the push's own
   * entries cover products it matched by SKU itself.
   */
  wooId(kind: SyncIdKind, localId: number): number | undefined {
    if (kind === 'product') {
      const pulled = prepared<[number], number>(this.db, "SELECT remote_id FROM sync_catalogue_ids WHERE resource = 'product' AND local_id = ?")
        .pluck(true)
        .get(localId);
      if (pulled !== undefined) return pulled;
    }
    return prepared<[string, number], number>(this.db, 'SELECT woo_id FROM sync_ids WHERE kind = ? AND local_id = ?').pluck(true).get(kind, localId);
  }

  /** A product the till had and WooCommerce does not (the pull's local-only mark): it never goes up as a product. */
  isLocalOnly(productId: number): boolean {
    return prepared<[number], number>(this.db, 'SELECT 1 FROM sync_catalogue_local_only WHERE product_id = ?').pluck(true).get(productId) !== undefined;
  }

  set(kind: SyncIdKind, localId: number, wooId: number): void {
    writeTransaction(this.db, () => {
      prepared(
        this.db,
        'INSERT INTO sync_ids (kind, local_id, woo_id) VALUES (?, ?, ?) ON CONFLICT (kind, local_id) DO UPDATE SET woo_id = excluded.woo_id',
      ).run(kind, localId, wooId);
    });
  }

  forget(kind: SyncIdKind, localId: number): void {
    writeTransaction(this.db, () => prepared(this.db, 'DELETE FROM sync_ids WHERE kind = ? AND local_id = ?').run(kind, localId));
  }
}
