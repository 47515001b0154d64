import type { Database } from '../../data/database.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { TillsRepository } from '../../data/repositories/tills.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { toGmtMillis } from '../../model/dates.js';
import { errorSummary, type Logger } from '../../logging.js';
import type { PeerNetwork } from '../peer-network.js';
import {
  asMembershipDocument,
  isMembershipDocumentId,
  memberDocumentId,
  removalDocumentId,
  type MemberDocument,
  type MembershipDocument,
  type RemovalDocument,
} from './documents.js';
import type { ChangeRow, ChangesFeed, ReplicaDatabase } from './pouch.js';

/** Where the membership stands in the replica's changes (replica_state). */
const SINCE_KEY = 'members_since';

/** What ShopMembers is built from. */
export interface ShopMembersParts {
  db: Database;
  tills: TillsRepository;
  replica: ShopReplicaRepository;
  local: ReplicaDatabase;
  network: PeerNetwork;
  logger: Logger;
}

const isMissing = (error: unknown): boolean => (error as { status?: number } | null)?.status === 404;

/**
 * The shop's membership on every till (docs/several-tills.md, "Who is in the shop"). Pairing tells
 * only the inviting till of a new member, and a removal only the till where a manager made it; so
 * each till writes what it says of itself (`member:<id>`: its address and certificate serial) and
 * each removal made here (`removal:<serial>`) into its replica, and takes the others' from it: a
 * till paired at A is reached by B directly (A may be the one switched off), and a till removed at
 * A is refused at B's handshake as soon as B holds the removal.
 */
export class ShopMembers {
  private feed: ChangesFeed | undefined;
  /** One write or one change applied at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private lastSeq: number | string | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly parts: ShopMembersParts) {}

  start(): void {
    const { replica, local, network } = this.parts;
    this.feed = local
      .changes({ live: true, since: replica.state(SINCE_KEY) ?? 0, include_docs: false })
      .on('change', (change) => {
        this.lastSeq = change.seq;
        if (isMembershipDocumentId(change.id)) this.enqueue(() => this.take(change));
      })
      .on('error', (error) => {
        this.parts.logger.warn({ fault: errorSummary(error) }, 'the shop membership stopped following the replica');
      });
    // A till paired or removed here, or this till's address changed: said to the others.
    this.unsubscribe = network.onChange(() => {
      this.publish();
    });
    this.publish();
  }

  /** Stops following, once what is queued is done; keeps where the feed stands. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.feed?.cancel();
    this.feed = undefined;
    await this.queue;
    this.keepPlace();
  }

  /** Writes this till's member document and this till's removals, where the replica does not hold them as they are. */
  publish(): void {
    this.enqueue(async () => {
      const { tills, network } = this.parts;
      const identity = tills.identity();
      const self = network.self();
      if (identity === undefined || self === undefined) return;
      await this.putMember({ till: { id: identity.till_id, name: self.name }, address: self.address, serial: identity.serial });
      for (const removal of tills.removals()) {
        const removed = tills.peer(removal.till_id);
        // Heard of from another till already (its document is in the replica), or written here before.
        if (await this.held(removalDocumentId(removal.serial))) continue;
        const doc: RemovalDocument = {
          _id: removalDocumentId(removal.serial),
          type: 'removal',
          till: { id: identity.till_id, name: self.name },
          removed_till_id: removal.till_id,
          serial: removal.serial,
          removed_gmt: removal.removed_gmt,
          // A till restored here keeps its id with a new certificate: only the old certificate goes.
          till_removed: removed === undefined || (removed.removed_gmt !== null && removed.serial === removal.serial),
        };
        await this.parts.local.put(doc);
      }
    });
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.parts.logger.warn({ fault: errorSummary(error) }, 'the shop membership was not brought up to date; it is, at the next change');
    });
  }

  private async held(id: string): Promise<boolean> {
    try {
      await this.parts.local.get(id);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  private async putMember(member: Pick<MemberDocument, 'till' | 'address' | 'serial'>): Promise<void> {
    const id = memberDocumentId(member.till.id);
    let current: (MemberDocument & { _rev: string }) | undefined;
    try {
      current = await this.parts.local.get<MemberDocument>(id);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (current?.till.name === member.till.name && current.address === member.address && current.serial === member.serial) return;
    const doc: MemberDocument = { _id: id, type: 'member', ...member, modified_gmt: toGmtMillis(new Date()) };
    await this.parts.local.put(current === undefined ? doc : { ...doc, _rev: current._rev });
  }

  /** Another till's membership document into the tills this one knows. */
  private async take(change: ChangeRow): Promise<void> {
    const { tills, local, logger } = this.parts;
    const leaves = await local.get(change.id, { open_revs: 'all' });
    const docs = leaves.flatMap((leaf) => {
      const doc = leaf.ok === undefined ? undefined : asMembershipDocument(leaf.ok);
      return doc === undefined ? [] : [doc];
    });
    const doc = latest(docs);
    if (doc === undefined) return;
    const self = tills.identity();
    if (doc.type === 'removal') {
      if (tills.learnRemoval({ serial: doc.serial, till_id: doc.removed_till_id, removed_gmt: doc.removed_gmt }, doc.till_removed)) {
        if (doc.removed_till_id === self?.till_id && doc.serial === self.serial)
          logger.warn({ by: doc.till.id }, 'this till was removed from the shop at another till: the other tills refuse it from now on');
        else logger.info({ till: doc.removed_till_id, by: doc.till.id }, 'a till removed at another till is refused here too');
      }
    } else if (doc.till.id !== self?.till_id && tills.learnPeer({ id: doc.till.id, name: doc.till.name, address: doc.address, serial: doc.serial })) {
      logger.info({ till: doc.till.id, address: doc.address }, 'a till of the shop is known here as it says of itself');
    }
    this.keepPlace(change.seq);
  }

  /** Where the feed stands: at stop, past everything seen; after a change, at that change (later ones may still be queued). */
  private keepPlace(seq = this.lastSeq): void {
    if (seq === undefined) return;
    writeTransaction(this.parts.db, () => {
      this.parts.replica.setState(SINCE_KEY, String(seq));
    });
  }
}

/**
 * Of a document's leaf revisions (two tills may have written it apart: a till and the till rebuilt
 * in its place), the one written last; a removal is written once, so any of its revisions will do.
 */
function latest(docs: readonly MembershipDocument[]): MembershipDocument | undefined {
  return docs.reduce<MembershipDocument | undefined>((best, doc) => {
    if (best === undefined) return doc;
    if (doc.type !== 'member' || best.type !== 'member') return best;
    return doc.modified_gmt > best.modified_gmt ? doc : best;
  }, undefined);
}
