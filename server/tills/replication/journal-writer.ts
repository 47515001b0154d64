import { commitGroupOf } from '../../data/commit-group.js';
import type { Database } from '../../data/database.js';
import type { ReplicaEntry, ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { ShopStockRepository } from '../../data/repositories/shop-stock.js';
import type { OrderService } from '../../domain/orders/orders.js';
import type { ShopRefunds } from '../../domain/orders/shop-refunds.js';
import type { Order } from '../../../shared/resources/orders.js';
import {
  entryDocumentId,
  entryDocumentRange,
  headDocumentId,
  type DrawerSnapshot,
  type EntryDocument,
  type HeadDocument,
  type ReplicatedOrder,
  type TillStamp,
} from './documents.js';
import type { ReplicaDatabase } from './pouch.js';

/** Entries written to the replica in one bulk write. */
const BATCH = 200;
/**
 * The head (how far the journal goes, for `behind`) is rewritten at most this often: rewritten with
 * every sale, it doubled what each sale sends to every peer.
 */
const HEAD_INTERVAL_MS = 1000;

/** What JournalWriter is built from. */
export interface JournalWriterParts {
  db: Database;
  replica: ShopReplicaRepository;
  /** What each entry moves of the shop's stock, carried in its document. */
  stock: ShopStockRepository;
  orders: OrderService;
  /** A refund as the other tills count it against its sale. */
  refunds: Pick<ShopRefunds, 'replicated'>;
  local: ReplicaDatabase;
  /** The cash session an entry was made in, with its movements and closure (documents.ts, DrawerSnapshot). */
  drawer?: (sessionId: number) => DrawerSnapshot | null;
  /** This till as its documents name it (its name may change; its id never does). */
  till: () => TillStamp;
  /** A write to the replica failed (its disk): the entries stay in SQLite and go at the next wake. */
  failed: (error: unknown) => void;
  /** The replica holds the own entries up to `sequence` (second-copies.ts learns when a peer does too). */
  wrote?: (sequence: number) => Promise<void>;
  /** New entries just written here, with their revisions: offered to the peers at once (peer-replication.ts). */
  offer?: (documents: EntryDocument[]) => void;
}

/**
 * Step 1: this till's journal entries into its replica, as immutable documents, after their commit.
 * SQLite is the record: each entry gets its till-wide sequence in its own transaction
 * (journal_replica), and the writer reads committed entries only, writing those the replica lacks
 * in that order. At start it writes
 * whatever a crash between a commit and the replica's write left behind, so nothing is lost; a
 * document written twice is refused by the replica as a conflict, which is the same as written.
 */
export class JournalWriter {
  private readonly parts: JournalWriterParts;
  private written = 0;
  /** The last own entry known to be committed: the writer never reads past it. */
  private committed = 0;
  private head: HeadDocument | undefined;
  private headWrittenAt = 0;
  private headTimer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(parts: JournalWriterParts) {
    this.parts = parts;
  }

  /** Reads where the replica stands and writes what it lacks; resolves once it holds every committed entry. */
  async start(): Promise<void> {
    const { local } = this.parts;
    const till = this.parts.till();
    const range = entryDocumentRange(till.id);
    const last = await local.allDocs({ descending: true, startkey: range.last, endkey: range.first, limit: 1 });
    const lastId = last.rows[0]?.id;
    this.written = lastId === undefined ? 0 : Number(lastId.slice(range.first.length));
    // Nothing is being written yet: every entry there is, is committed.
    this.committed = this.parts.replica.lastOwnSequence();
    this.head = await local.get<HeadDocument>(headDocumentId(till.id)).catch(() => undefined);
    await this.flushNow();
  }

  /** An entry was appended: once its transaction has committed, it is written. */
  wake(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    // Right after the commit (no transaction open): how far the committed entries go. Then, after the
    // turn's answers have gone (the sale's answer never waits for its document), those are written.
    const go = () => {
      if (!this.parts.db.inTransaction) this.committed = Math.max(this.committed, this.parts.replica.lastOwnSequence());
      setImmediate(() => {
        this.scheduled = false;
        void this.flushNow();
      });
    };
    const group = commitGroupOf(this.parts.db);
    if (group === undefined) setImmediate(go);
    else group.whenCommitted(go);
  }

  /** Waits for the write under way; later wakes write nothing. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.headTimer);
    await this.running;
  }

  private flushNow(): Promise<void> {
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.flushNow();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const documents = this.nextDocuments();
      try {
        if (documents.length > 0) await this.write(documents);
        if (documents.length < BATCH) {
          await this.writeHeadWhenDue();
          return;
        }
      } catch (error) {
        this.parts.failed(error);
        return;
      }
    }
  }

  /** The head, when it lags the entries: now if it was last written long enough ago, else once that time has passed. */
  private async writeHeadWhenDue(): Promise<void> {
    if ((this.head?.till_sequence ?? 0) >= this.written) return;
    const wait = this.headWrittenAt + HEAD_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.headTimer ??= setTimeout(() => {
        this.headTimer = undefined;
        void this.flushNow();
      }, wait);
      return;
    }
    const till = this.parts.till();
    const head: HeadDocument = { _id: headDocumentId(till.id), type: 'head', till, till_sequence: this.written };
    if (this.head?._rev !== undefined) head._rev = this.head._rev;
    const saved = await this.parts.local.put(head);
    this.head = { ...head, _rev: saved.rev };
    this.headWrittenAt = Date.now();
  }

  /**
   * The next committed entries not yet in the replica, as documents. Read in whatever turn comes:
   * the entries up to `committed` are committed and never change; the order each carries is read
   * as it stands (a change to it in a group still open shows, and comes again with its own entry).
   */
  private nextDocuments(): EntryDocument[] {
    return this.parts.replica.ownEntriesBetween(this.written, this.committed, BATCH).map((entry) => this.documentOf(entry));
  }

  private documentOf(entry: ReplicaEntry): EntryDocument {
    const { till_sequence: tillSequence, ...record } = entry;
    const order = entry.order_id === null || entry.kind === 'closure' ? null : this.orderOf(entry.order_id);
    const till = this.parts.till();
    const document: EntryDocument = {
      _id: entryDocumentId(till.id, tillSequence),
      type: 'entry',
      till,
      till_sequence: tillSequence,
      entry: record,
      number: order?.number ?? null,
      order,
      stock: this.parts.stock.entryMoves(entry),
      drawer: entry.session_id === null ? null : (this.parts.drawer?.(entry.session_id) ?? null),
    };
    const refund =
      entry.kind === 'refund' && entry.order_id !== null && entry.refund_id !== null
        ? this.parts.refunds.replicated(entry.order_id, entry.refund_id)
        : undefined;
    if (refund !== undefined) document.refund = refund;
    return document;
  }

  private orderOf(orderId: number): ReplicatedOrder | null {
    try {
      // Its links name this till's ids: the shop's list gives a peer's orders links of its own.
      const order: Partial<Pick<Order, '_links'>> & ReplicatedOrder = this.parts.orders.respond(this.parts.orders.get(orderId), '');
      delete order._links;
      return order;
    } catch {
      // The order was deleted since (the journal keeps its entry): the entry goes without it.
      return null;
    }
  }

  private async write(documents: EntryDocument[]): Promise<void> {
    const results = await this.parts.local.bulkDocs(documents);
    const revisions = new Map<string, string>();
    for (const result of results) {
      // 409: the replica holds it already (written before a crash, or twice by a catch-up and a wake).
      if ('error' in result && result.status !== 409) throw new Error(`the replica refused ${result.id}: ${result.message ?? result.error}`);
      if (!('error' in result)) revisions.set(result.id, result.rev);
    }
    // Only what this write made: an entry held already went out before (or its pull brings it).
    const made = documents.flatMap((doc) => {
      const rev = revisions.get(doc._id);
      return rev === undefined ? [] : [{ ...doc, _rev: rev }];
    });
    if (made.length > 0) this.parts.offer?.(made);
    this.written = documents.at(-1)?.till_sequence ?? this.written;
    await this.parts.wrote?.(this.written);
  }
}
