import type { PeerNetwork, PeerTill } from '../peer-network.js';
import type { EntryDocument } from './documents.js';
import { peerReplica, type ReplicaDatabase, type Replication } from './pouch.js';

/** The first retry of a peer that does not answer, doubled each time up to the longest. */
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 15_000;

/** Each wait is twice the last, from the first retry to the longest. */
export function nextRetryDelay(delay: number): number {
  return delay <= 0 ? FIRST_RETRY_MS : Math.min(delay * 2, LONGEST_RETRY_MS);
}

/** What the replication says of a peer: once when it stops answering, once when it is back. */
export interface PeerLinkLog {
  unreachable: (peer: PeerTill, reason: string) => void;
  reachable: (peer: PeerTill) => void;
}

interface Link {
  peer: PeerTill;
  /** The peer's replica, as this till's pull reads it and its offers write to it. */
  remote: ReplicaDatabase;
  replication: Replication;
  down: boolean;
  /** When its pull last failed, after answering (0: never). */
  downSince: number;
}

/**
 * Step 2: continuous replication, both ways, with every paired till: each till pulls from each of
 * its peers (live, retried with a growing wait while the peer does not answer), so between any two
 * tills the entries flow both ways, each pulled once by the till that wants them. Pulling only, and
 * not also pushing, halves the requests and the writes of every entry (a push and the receiver's
 * pull would carry it twice). The one write a till makes into another's replica is the offer of its
 * own new entries (`offer`), which the receiver checks are the caller's own (replica-server.ts) and
 * its pull then finds held. The checkpoints, kept in both replicas, make a pull resume where it
 * stopped, across restarts too. `refresh` follows the network: a till paired gets a link, a till
 * removed or moved loses (or changes) its own.
 */
export class PeerReplications {
  private readonly links = new Map<string, Link>();

  constructor(
    private readonly local: ReplicaDatabase,
    private readonly network: PeerNetwork,
    private readonly log: PeerLinkLog,
  ) {}

  refresh(): void {
    const wanted = new Map(this.network.peers().map((peer) => [peer.id, peer]));
    for (const [id, link] of this.links) {
      const peer = wanted.get(id);
      if (peer === undefined || peer.address !== link.peer.address) {
        link.replication.cancel();
        this.links.delete(id);
      }
    }
    for (const peer of wanted.values()) if (!this.links.has(peer.id)) this.links.set(peer.id, this.connect(peer));
  }

  /** The peers whose replica answered last time it was asked. */
  reachable(): string[] {
    return [...this.links.values()].filter((link) => !link.down).map((link) => link.peer.id);
  }

  /**
   * Offers this till's new entries to every peer that answers, in one `_bulk_docs` write each with
   * their revisions as written here (`new_edits: false`, as a replication writes them): the peers
   * whose replica stored them. One request instead of the five of the peer's pull (its changes, the
   * revisions it lacks, the documents, its checkpoint read and written), so a sale learns sooner that
   * it is on a second till; the pull still brings whatever an offer did not.
   */
  async offer(documents: readonly EntryDocument[]): Promise<string[]> {
    const links = [...this.links.values()].filter((link) => !link.down);
    const stored = await Promise.all(
      links.map(async (link) => {
        try {
          await link.remote.bulkDocs([...documents], { new_edits: false });
          return [link.peer.id];
        } catch {
          // Not stored there (the peer stopped, or refused): its pull fetches them when it can.
          return [];
        }
      }),
    );
    return stored.flat();
  }

  /** When the pull from `peerId` stopped answering; undefined while it answers. */
  downSince(peerId: string): number | undefined {
    const link = this.links.get(peerId);
    return link?.down === true ? link.downSince : undefined;
  }

  stop(): void {
    for (const link of this.links.values()) link.replication.cancel();
    this.links.clear();
  }

  private connect(peer: PeerTill): Link {
    const remote = peerReplica(peer.address, () => this.network.agent());
    // The checkpoint goes to the peer's replica only: it is what tells the peer its entries are held
    // here (second-copies.ts), and one write fewer here per batch shortens the sale's wait for it.
    const replication = this.local.replicate.from(remote, {
      live: true,
      retry: true,
      batch_size: 200,
      back_off_function: nextRetryDelay,
      checkpoint: 'source',
    });
    const link: Link = { peer, remote, replication, down: false, downSince: 0 };
    const down = (error: unknown) => {
      if (link.down) return;
      link.down = true;
      link.downSince = Date.now();
      this.log.unreachable(peer, reasonOf(error));
    };
    const up = () => {
      if (!link.down) return;
      link.down = false;
      this.log.reachable(peer);
    };
    replication
      .on('paused', (error) => {
        if (error === undefined || error === null) up();
        else down(error);
      })
      .on('change', up)
      .on('error', down);
    return link;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error !== null && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}
