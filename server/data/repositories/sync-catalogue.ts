import type { Database } from '../database.js';
import { prepared } from '../statements.js';

/** The kinds of record the pull maps (migration 18): products and variations share `product`; categories, tags and brands share `term`. */
export type SyncedResource = 'product' | 'term' | 'coupon' | 'tax_rate';

export interface IdMapping {
  remoteId: number;
  localId: number;
  /** The stock WooCommerce last reported (products only; null when it does not manage stock). */
  remoteStock: number | null;
}

/**
 * What the till remembers of the catalogue's pull from WooCommerce (migration 18): which local
 * record each WooCommerce record is, the products WooCommerce does not have (local-only), and the
 * marks an incremental pull starts from. Writes run inside the pull's write transactions.
 */
export class SyncCatalogueRepository {
  constructor(private readonly db: Database) {}

  /** Every mapping of a resource. */
  mappings(resource: SyncedResource): IdMapping[] {
    return prepared<[string], { remote_id: number; local_id: number; remote_stock: number | null }>(
      this.db,
      'SELECT remote_id, local_id, remote_stock FROM sync_catalogue_ids WHERE resource = ? ORDER BY remote_id',
    )
      .all(resource)
      .map((row) => ({ remoteId: row.remote_id, localId: row.local_id, remoteStock: row.remote_stock }));
  }

  mapping(resource: SyncedResource, remoteId: number): IdMapping | undefined {
    const row = prepared<[string, number], { local_id: number; remote_stock: number | null }>(
      this.db,
      'SELECT local_id, remote_stock FROM sync_catalogue_ids WHERE resource = ? AND remote_id = ?',
    ).get(resource, remoteId);
    return row && { remoteId, localId: row.local_id, remoteStock: row.remote_stock };
  }

  /** The WooCommerce id of a local record, if it has one. */
  remoteIdOf(resource: SyncedResource, localId: number): number | undefined {
    return prepared<[string, number], { remote_id: number }>(this.db, 'SELECT remote_id FROM sync_catalogue_ids WHERE resource = ? AND local_id = ?').get(
      resource,
      localId,
    )?.remote_id;
  }

  map(resource: SyncedResource, remoteId: number, localId: number, remoteStock: number | null = null): void {
    prepared(
      this.db,
      `INSERT INTO sync_catalogue_ids (resource, remote_id, local_id, remote_stock) VALUES (?, ?, ?, ?)
       ON CONFLICT (resource, remote_id) DO UPDATE SET local_id = excluded.local_id, remote_stock = excluded.remote_stock`,
    ).run(resource, remoteId, localId, remoteStock);
  }

  unmap(resource: SyncedResource, remoteId: number): void {
    prepared(this.db, 'DELETE FROM sync_catalogue_ids WHERE resource = ? AND remote_id = ?').run(resource, remoteId);
  }

  /** Marks products as the till's own: WooCommerce has no product with their SKU, so they are never pushed. */
  markLocalOnly(productIds: readonly number[]): void {
    const mark = prepared(this.db, 'INSERT OR IGNORE INTO sync_catalogue_local_only (product_id) VALUES (?)');
    for (const id of productIds) mark.run(id);
  }

  unmarkLocalOnly(productId: number): void {
    prepared(this.db, 'DELETE FROM sync_catalogue_local_only WHERE product_id = ?').run(productId);
  }

  localOnly(): number[] {
    return prepared<[], { product_id: number }>(this.db, 'SELECT product_id FROM sync_catalogue_local_only ORDER BY product_id')
      .all()
      .map((row) => row.product_id);
  }

  isLocalOnly(productId: number): boolean {
    return prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM sync_catalogue_local_only WHERE product_id = ?').get(productId)?.n === 1;
  }

  /** Products and variations the till has that no pull brought and that are not yet marked local-only. */
  unmappedProducts(): Array<{ id: number; sku: string | null }> {
    return prepared<[], { id: number; sku: string | null }>(
      this.db,
      `SELECT p.id, p.sku FROM products p
       WHERE NOT EXISTS (SELECT 1 FROM sync_catalogue_ids m WHERE m.resource = 'product' AND m.local_id = p.id)
         AND NOT EXISTS (SELECT 1 FROM sync_catalogue_local_only l WHERE l.product_id = p.id)
       ORDER BY p.id`,
    ).all();
  }

  mark(key: string): string | undefined {
    return prepared<[string], { value: string }>(this.db, 'SELECT value FROM sync_catalogue_marks WHERE key = ?').get(key)?.value;
  }

  setMark(key: string, value: string): void {
    prepared(this.db, 'INSERT INTO sync_catalogue_marks (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Whether the till has no catalogue of its own: no product, term or coupon (tax rates are the shop's set-up, not its catalogue). */
  catalogueIsEmpty(): boolean {
    return (
      prepared<[], { n: number }>(this.db, 'SELECT (SELECT COUNT(*) FROM products) + (SELECT COUNT(*) FROM terms) + (SELECT COUNT(*) FROM coupons) AS n').get()
        ?.n === 0
    );
  }
}
