import type { Database } from '../../data/database.js';
import type { ProductStockRepository } from '../../data/repositories/product-stock.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { ShopStockRepository } from '../../data/repositories/shop-stock.js';
import type { ShopRefund, ShopRefundsRepository } from '../../data/repositories/shop-refunds.js';
import type { ReplicatedRefund } from '../../domain/orders/shop-refunds.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { asReplicaDocument, entryDocumentFault, isPersonDocumentId, stockMovesOf, type EntryDocument, type ReplicaDocument } from './documents.js';
import type { ChangeRow, ChangesFeed, ReplicaDatabase } from './pouch.js';

/** Where the projection stands in the replica's changes (replica_state). */
const SINCE_KEY = 'projected_since';

/** What Projection is built from. */
export interface ProjectionParts {
  db: Database;
  replica: ShopReplicaRepository;
  /** The other tills' stock moves and their word on WooCommerce, kept here; this till's stock, which their moves change. */
  shopStock: ShopStockRepository;
  productStock: ProductStockRepository;
  /** The other tills' refunds, by the sale they refund: the cap across the shop's tills. */
  refunds: ShopRefundsRepository;
  local: ReplicaDatabase;
  /** This till's id: its own documents are not projected (its orders are already in SQLite). */
  tillId: string;
  /** A document that cannot be projected (and is left out), or the changes feed failing. */
  refused: (id: string, reason: string) => void;
  /** Lines of an entry whose product this till does not have: its stock is not moved by them. */
  unmatched?: (id: string, lines: number) => void;
}

/** What one document did to SQLite. */
export type Projected = 'entry' | 'head' | 'woocommerce' | 'held already' | 'own' | 'refused' | 'person';

/**
 * Step 3: the other tills' documents into SQLite, as the replica's changes feed brings them. Each
 * document and the projection's place in the feed are written in one transaction, so a restart
 * picks up where it stopped; the same document twice changes nothing (an entry is held once per
 * till and sequence, an order keeps the state of its latest entry).
 */
export class Projection {
  private readonly parts: ProjectionParts;
  private feed: ChangesFeed | undefined;
  private queued: ChangeRow[] = [];

  constructor(parts: ProjectionParts) {
    this.parts = parts;
  }

  start(): void {
    const { replica, local } = this.parts;
    const since = replica.state(SINCE_KEY) ?? 0;
    this.feed = local
      .changes({ live: true, since, include_docs: true, batch_size: 200 })
      .on('change', (change) => {
        this.queue(change);
      })
      .on('error', (error) => {
        this.parts.refused('changes', error instanceof Error ? error.message : String(error));
      });
  }

  stop(): void {
    this.feed?.cancel();
    this.feed = undefined;
  }

  /** The changes of one turn are projected together, in one transaction (a pull brings them in batches). */
  private queue(change: ChangeRow): void {
    this.queued.push(change);
    if (this.queued.length > 1) return;
    setImmediate(() => {
      const changes = this.queued;
      this.queued = [];
      if (this.feed !== undefined) this.take(changes);
    });
  }

  private take(changes: readonly ChangeRow[]): void {
    // The shop's people have a projection of their own: a batch of theirs alone writes nothing here
    // (the place in the feed moves with the next entries).
    if (changes.every((change) => isPersonDocumentId(change.id))) return;
    writeTransaction(this.parts.db, () => {
      for (const change of changes) {
        const doc = change.deleted === true ? undefined : asReplicaDocument(change.doc);
        if (doc !== undefined) this.project(doc);
      }
      const last = changes.at(-1);
      if (last !== undefined) this.parts.replica.setState(SINCE_KEY, String(last.seq));
    });
  }

  /** Projects one document (in the caller's transaction, or its own). */
  project(doc: ReplicaDocument): Projected {
    const { replica, tillId } = this.parts;
    // The shop's users and roles have a projection of their own (shop-people-projection.ts): they may conflict, entries never do.
    if (doc.type === 'user' || doc.type === 'role' || doc.type === 'settings') return 'person';
    if (doc.till.id === tillId) return 'own';
    return writeTransaction(this.parts.db, (): Projected => {
      if (doc.type === 'head') {
        replica.upsertTill(doc.till.id, doc.till.name, doc.till_sequence);
        return 'head';
      }
      if (doc.type === 'woocommerce') {
        replica.upsertTill(doc.till.id, doc.till.name, 0);
        this.parts.shopStock.applyHolds(doc.till.id, { through: doc.till_sequence, unsent: doc.unsent });
        return 'woocommerce';
      }
      const fault = entryDocumentFault(doc);
      if (fault !== undefined) {
        this.parts.refused(doc._id, fault);
        return 'refused';
      }
      replica.upsertTill(doc.till.id, doc.till.name, 0);
      if (!replica.insertEntry(rowOf(doc))) return 'held already';
      // A refund of a copy of another till's sale counts against that sale; the copy is no sale of its till.
      const origin = doc.refund?.origin;
      const copy = origin !== undefined && origin.till_id !== doc.till.id;
      if (doc.refund !== undefined && doc.entry.kind === 'refund') this.parts.refunds.insertRefund(refundRowOf(doc, doc.refund));
      if (doc.order !== null && doc.number !== null) {
        replica.upsertOrder({
          till_id: doc.till.id,
          order_id: doc.order.id,
          till_name: doc.till.name,
          number: doc.number,
          status: doc.order.status,
          total: doc.order.total,
          date_paid_gmt: doc.order.date_paid_gmt ?? doc.entry.date_created_gmt,
          latest_sequence: doc.till_sequence,
          body: JSON.stringify(doc.order),
          origin_till_id: copy ? origin.till_id : null,
          origin_order_id: copy ? origin.order_id : null,
        });
      }
      this.applyStock(doc);
      return 'entry';
    });
  }

  /**
   * Another till's sale or restocking refund moves this till's stock too, in the same transaction
   * as its entry (held once, so applied once): the product list, the tile and a sale's stock check
   * see it at once, with no internet. A line that matches no product here is left out and counted
   * (`shop_tills.stock_unmatched`, logged once per entry). An entry made before the two tills were
   * in one shop moves nothing (shop-stock.ts, movesCountFrom).
   */
  private applyStock(doc: EntryDocument): void {
    const { shopStock, productStock } = this.parts;
    if (doc.entry.date_created_gmt < shopStock.movesCountFrom(doc.till.id)) return;
    const applied: Array<{ product_id: number; milli: number }> = [];
    let unmatched = 0;
    const reference = `${doc.till.name} ${doc.number ?? String(doc.entry.order_id)}`;
    for (const move of stockMovesOf(doc)) {
      const productId = shopStock.localProductOf(move);
      if (productId === undefined) {
        unmatched++;
        continue;
      }
      productStock.adjust(productId, move.milli / 1000, { reason: move.milli < 0 ? 'peer_sale' : 'peer_refund', reference });
      applied.push({ product_id: productId, milli: move.milli });
    }
    shopStock.recordMoves(doc.till.id, doc.till_sequence, applied);
    shopStock.countUnmatched(doc.till.id, unmatched);
    if (unmatched > 0) this.parts.unmatched?.(doc._id, unmatched);
  }
}

function refundRowOf(doc: EntryDocument, refund: ReplicatedRefund): ShopRefund {
  return {
    till_id: doc.till.id,
    refund_id: refund.id,
    origin_till_id: refund.origin.till_id,
    origin_order_id: refund.origin.order_id,
    amount: refund.amount,
    gateway_id: refund.gateway_id,
    line_items: refund.line_items,
    date_created_gmt: refund.date_created_gmt,
  };
}

function rowOf(doc: EntryDocument) {
  return {
    till_id: doc.till.id,
    till_sequence: doc.till_sequence,
    entry_id: doc.entry.id,
    kind: doc.entry.kind,
    order_id: doc.entry.order_id,
    refund_id: doc.entry.refund_id,
    hash: doc.entry.hash,
    date_created_gmt: doc.entry.date_created_gmt,
  };
}
