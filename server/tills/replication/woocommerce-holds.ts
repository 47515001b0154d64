import type { ShopStockRepository, WooCommerceHolds } from '../../data/repositories/shop-stock.js';
import { wooCommerceDocumentId, type TillStamp, type WooCommerceDocument } from './documents.js';
import type { ReplicaDatabase } from './pouch.js';

/**
 * How often the outbox is read for what WooCommerce holds. A push settles an entry without any
 * journal entry to wake on, so the writer looks; what it writes goes to every peer, so it writes
 * only what changed, at most this often (as the head).
 */
const INTERVAL_MS = 1000;

/** What WooCommerceHoldsWriter is built from. */
export interface WooCommerceHoldsParts {
  stock: ShopStockRepository;
  local: ReplicaDatabase;
  till: () => TillStamp;
  /** A write to the replica failed: tried again at the next look. */
  failed: (error: unknown) => void;
}

/**
 * This till's word to the others on which of its entries WooCommerce's stock holds
 * (docs/several-tills.md, "Stock across tills"): a pull at another till adds to WooCommerce's figure
 * the moves of this till's entries that it does not hold. One document, rewritten when the outbox
 * says something new; nothing while the till is not connected to WooCommerce.
 */
export class WooCommerceHoldsWriter {
  private readonly parts: WooCommerceHoldsParts;
  private last: WooCommerceDocument | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(parts: WooCommerceHoldsParts) {
    this.parts = parts;
  }

  async start(): Promise<void> {
    await this.readLast();
    await this.look();
    this.timer = setInterval(() => {
      this.running ??= this.look().finally(() => {
        this.running = undefined;
      });
    }, INTERVAL_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async look(): Promise<void> {
    const holds = this.parts.stock.ownHolds();
    if (holds === undefined || this.says(holds)) return;
    const till = this.parts.till();
    const doc: WooCommerceDocument = { _id: wooCommerceDocumentId(till.id), type: 'woocommerce', till, till_sequence: holds.through, unsent: holds.unsent };
    if (this.last?._rev !== undefined) doc._rev = this.last._rev;
    try {
      const saved = await this.parts.local.put(doc);
      this.last = { ...doc, _rev: saved.rev };
    } catch (error) {
      // A revision this writer did not know of (a till rebuilt from its replica): the next look writes over the stored one.
      await this.readLast();
      this.parts.failed(error);
    }
  }

  private async readLast(): Promise<void> {
    this.last = await this.parts.local.get<WooCommerceDocument>(wooCommerceDocumentId(this.parts.till().id)).catch(() => undefined);
  }

  /** Whether the document last written says this already. */
  private says(holds: WooCommerceHolds): boolean {
    return this.last !== undefined && this.last.till_sequence === holds.through && JSON.stringify(this.last.unsent) === JSON.stringify(holds.unsent);
  }
}
