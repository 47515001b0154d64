import type { SyncCatalogueRepository } from '../../data/repositories/sync-catalogue.js';
import type { OutboxSnapshot, SyncUnsentStockRepository, UnsentStockMove } from '../../data/repositories/sync-unsent-stock.js';

/** The mark holding the WooCommerce ids of products whose last pulled stock was in doubt, read again at the next pull. */
const RECHECK_MARK = 'products.recheck_stock';
/** The mark holding how far the last pull had heard what WooCommerce holds of the other tills' moves when it began reading. */
const PEER_STAMP_MARK = 'products.peer_stamp';

/** Thousandths of a unit, exact for the till's quantities (weighed goods are sold in thousandths). */
const toMilli = (quantity: number): number => Math.round(quantity * 1000);

/**
 * The stock a pull writes for a product (issue 23, item 8). WooCommerce's `stock_quantity` is an
 * absolute figure that holds none of what this till sold, refunded or adjusted and has not sent yet,
 * so the till keeps WooCommerce's figure plus its own unsent moves.
 *
 * A push can land while a page is read: the entry is then sent (or settled) at the write, and
 * WooCommerce's figure may or may not hold it. Such a product is written with the best guess (the
 * entry counted as unsent while it is being sent) and read again at the next pull, whatever its
 * `date_modified_gmt`, until a read is not in doubt.
 *
 * The other tills' moves are kept on top the same way (docs/several-tills.md, "Stock across tills").
 * When this till hears that WooCommerce holds one after a pull began reading, that pull may have
 * counted it twice (its figure held it, and it was added as not held): the product is read again at
 * the next pull, and written whatever WooCommerce's figure, even one that did not change.
 */
export class PulledStock {
  private readonly toRecheck: Set<number>;
  private readonly inDoubt = new Set<number>();
  /** The counter as the first read of this pull found it: what is heard after it, the next pull reads again. */
  private firstPeerStamp: number | undefined;

  constructor(
    private readonly ids: SyncCatalogueRepository,
    private readonly unsent: SyncUnsentStockRepository,
  ) {
    const stored = ids.mark(RECHECK_MARK);
    const heardSince = unsent.peerMovesHeldSince(Number(ids.mark(PEER_STAMP_MARK) ?? '0'));
    this.toRecheck = new Set([...(stored === undefined ? [] : (JSON.parse(stored) as number[])), ...heardSince]);
  }

  /** WooCommerce ids of the products (top-level: a variation's parent) to read again this pull. */
  recheck(): number[] {
    return [...this.toRecheck];
  }

  /** Taken before each read of products from WooCommerce. */
  snapshot(): OutboxSnapshot {
    const snapshot = this.unsent.snapshot();
    this.firstPeerStamp ??= snapshot.peerStamp;
    return snapshot;
  }

  /** The unsent moves per local product, as they stand at the write (inside its transaction). */
  moves(snapshot: OutboxSnapshot): Map<number, UnsentStockMove> {
    return this.unsent.movesSince(snapshot);
  }

  /**
   * The quantity to write for WooCommerce's `stock` of a product (null: not managed), or undefined when
   * the till's stock stands: WooCommerce's figure is the one last written and nothing is in doubt.
   * `recheckAs` is the WooCommerce id the product is read again by (a variation's parent's).
   */
  quantityFor(input: {
    stock: number | null;
    lastRemote: number | null | undefined;
    move: UnsentStockMove | undefined;
    recheckAs: number;
  }): number | null | undefined {
    const { stock, lastRemote, move, recheckAs } = input;
    const doubtful = move?.inDoubt === true;
    if (doubtful) this.inDoubt.add(recheckAs);
    if (lastRemote !== undefined && lastRemote === stock && !doubtful && !this.toRecheck.has(recheckAs)) return undefined;
    if (stock === null) return null;
    return (toMilli(stock) + (move?.milli ?? 0)) / 1000;
  }

  /** After the products were read whole: those in doubt this time are read again next time. */
  finish(): void {
    this.ids.setMark(RECHECK_MARK, JSON.stringify([...this.inDoubt].sort((a, b) => a - b)));
    if (this.firstPeerStamp !== undefined) this.ids.setMark(PEER_STAMP_MARK, String(this.firstPeerStamp));
  }
}
