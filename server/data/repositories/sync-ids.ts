import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { SyncIdKind } from '../../model/records/sync.js';

/** The till's ids and WooCommerce's, by kind (migration 18). */
export class SyncIdsRepository {
  constructor(private readonly db: Database) {}

  wooId(kind: SyncIdKind, localId: number): number | undefined {
    return prepared<[string, number], number>(this.db, 'SELECT woo_id FROM sync_ids WHERE kind = ? AND local_id = ?').pluck(true).get(kind, localId);
  }

  set(kind: SyncIdKind, localId: number, wooId: number): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'INSERT INTO sync_ids (kind, local_id, woo_id) VALUES (?, ?, ?) ON CONFLICT (kind, local_id) DO UPDATE SET woo_id = excluded.woo_id').run(kind, localId, wooId);
    });
  }

  forget(kind: SyncIdKind, localId: number): void {
    writeTransaction(this.db, () => prepared(this.db, 'DELETE FROM sync_ids WHERE kind = ? AND local_id = ?').run(kind, localId));
  }
}
