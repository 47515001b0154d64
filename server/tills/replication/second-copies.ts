import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { TillsRepository } from '../../data/repositories/tills.js';
import type { PeerTill } from '../peer-network.js';
import { tillsBehind } from './behind.js';
import { Decimal } from '../../model/money.js';
import type { SingleCopyView, StatusPeerView } from '../../../shared/resources/sync.js';

/** What the running replication tells: the paired tills, and those whose replica answered last time. */
export interface ReplicationLinks {
  peers(): readonly PeerTill[];
  /** When this till's pull from a peer stopped answering; undefined while it answers. */
  downSince(peerId: string): number | undefined;
}

/** How long a sale's answer waits for a paired till to hold it (issue: "two copies before the receipt"). */
export const SECOND_COPY_WAIT_MS = 300;

/** Where a sale is when its answer goes: on a paired till too, on this till only, or on a till that is in no shop. */
export type SaleCopies = 'this-till-and-a-peer' | 'this-till-only' | 'alone';

/**
 * How a till knows that another holds its sales. Each paired till pulls this till's replica and,
 * after every batch it has stored, writes its checkpoint back here (the CouchDB replication
 * protocol: the checkpoint names the last change of this replica it holds, all before it
 * included). So a checkpoint at or past the replica's change that carried an entry is a peer's
 * word, written after the fact, that the entry is on its disk; no request of its own is added to
 * the sale. The writer tells which replica change its entries went out with (`written`), the
 * replica server tells each checkpoint (`checkpoint`), and what is held survives a restart in
 * SQLite. A sale's answer waits for that word at most SECOND_COPY_WAIT_MS, and not at all when no
 * peer answers; until a peer holds a sale it counts as "on this till only".
 */
export class SecondCopies {
  /** Own entries written to the replica and not yet known held: the replica's change each went out with. */
  #written: { change: number; sequence: number }[] = [];
  #held: number | undefined;
  /** The furthest change of the replica a peer said it holds. */
  #checkpointed = 0;
  /** When each peer last wrote a checkpoint here. */
  #heardFrom = new Map<string, number>();
  #waiters = new Set<{ sequence: number; done: (held: boolean) => void }>();
  #replicating: ReplicationLinks | undefined;

  constructor(private readonly deps: { replica: ShopReplicaRepository; tills: TillsRepository }) {}

  /** The replication runs (this till is in a shop), over these links; undefined: it stopped. */
  replicating(replication: ReplicationLinks | undefined): void {
    this.#replicating = replication;
    if (replication === undefined) for (const waiter of this.#waiters) waiter.done(false);
  }

  /** The writer wrote own entries up to `sequence`; the replica's changes then reached `change`. */
  written(sequence: number, change: number): void {
    if (sequence <= this.held()) return;
    this.#written.push({ change, sequence });
    // A peer may have pulled them before this was told (the change is read after the write).
    if (change <= this.#checkpointed) this.checkpoint(this.#checkpointed);
  }

  /** The paired till `peerId` holds this replica's changes up to `change`. */
  checkpoint(change: number, peerId?: string): void {
    if (peerId !== undefined) this.#heardFrom.set(peerId, Date.now());
    this.#checkpointed = Math.max(this.#checkpointed, change);
    let reached: number | undefined;
    while (this.#written.length > 0 && (this.#written[0]?.change ?? Infinity) <= change) reached = this.#written.shift()?.sequence;
    if (reached === undefined || reached <= this.held()) return;
    this.hold(reached);
  }

  /** Every own entry up to `held` is on another till: said to the sales waiting for it, and kept. */
  private hold(held: number): void {
    this.#held = held;
    this.deps.replica.setHeldByAPeer(held);
    for (const waiter of this.#waiters) if (waiter.sequence <= held) waiter.done(true);
  }

  /**
   * The paired till `peerId` stored the own entries `first` to `last` this till offered it. They
   * count as held when everything before them is (by this peer or another): what is held stays a
   * prefix of the journal, so a sale behind an offer that failed waits for the pull's checkpoint.
   */
  acknowledged(first: number, last: number, peerId: string): void {
    this.#heardFrom.set(peerId, Date.now());
    if (first - 1 > this.held() || last <= this.held()) return;
    this.hold(last);
  }

  /** The last own till sequence a paired till holds, all before it included. */
  held(): number {
    this.#held ??= this.deps.replica.heldByAPeer();
    return this.#held;
  }

  /**
   * Waits, at most `waitMs`, until a paired till holds the sale of `orderId`: what the sale's answer
   * says of its copies. No wait when the till is in no shop, or when none of its peers answers.
   */
  async ofSale(orderId: number, waitMs = SECOND_COPY_WAIT_MS): Promise<SaleCopies> {
    const replicating = this.#replicating;
    if (replicating === undefined) return 'alone';
    const sequence = this.deps.replica.saleSequence(orderId);
    if (sequence === undefined) return 'alone';
    if (sequence <= this.held()) return 'this-till-and-a-peer';
    if (this.answering(replicating).size === 0) return 'this-till-only';
    const held = await new Promise<boolean>((resolve) => {
      const waiter = {
        sequence,
        done: (value: boolean) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(value);
        },
      };
      const timer = setTimeout(() => {
        waiter.done(false);
      }, waitMs);
      this.#waiters.add(waiter);
    });
    return held ? 'this-till-and-a-peer' : 'this-till-only';
  }

  /** The sales no paired till holds yet; null for a till that is in no shop. */
  singleCopy(): SingleCopyView | null {
    if (this.#replicating === undefined) return null;
    const sales = this.deps.replica.salesAfter(this.held());
    return {
      sales: sales.length,
      sales_amount: sales.reduce((sum, sale) => sum.plus(sale.total), new Decimal(0)).toFixed(2),
      oldest_gmt: sales[0]?.date_created_gmt ?? null,
    };
  }

  /** The paired tills as the status shows them; empty for a till that is in no shop. */
  peers(): StatusPeerView[] {
    const replicating = this.#replicating;
    if (replicating === undefined) return [];
    const reachable = this.answering(replicating);
    const behind = tillsBehind(this.deps.replica);
    return replicating.peers().map((peer) => ({
      id: peer.id,
      name: peer.name,
      reachable: reachable.has(peer.id),
      last_seen_gmt: this.deps.tills.peer(peer.id)?.last_seen_gmt ?? null,
      behind: behind.get(peer.id) ?? null,
    }));
  }

  /**
   * The peers that answer: this till's pull from them works, or they pulled from it since it
   * stopped working. The second comes sooner after a peer restarts: this till's own pull retries
   * it with a growing wait, up to 15 s.
   */
  private answering(replicating: ReplicationLinks): Set<string> {
    const answering = new Set<string>();
    for (const peer of replicating.peers()) {
      const down = replicating.downSince(peer.id);
      if (down === undefined || (this.#heardFrom.get(peer.id) ?? 0) > down) answering.add(peer.id);
    }
    return answering;
  }
}
