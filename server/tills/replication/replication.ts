import type { Database } from '../../data/database.js';
import type { JournalRepository } from '../../data/repositories/journal.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { TillsRepository } from '../../data/repositories/tills.js';
import type { SessionsRepository } from '../../data/repositories/sessions.js';
import type { ShopPeopleRepository } from '../../data/repositories/shop-people.js';
import type { ProductStockRepository } from '../../data/repositories/product-stock.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { ShopStockRepository } from '../../data/repositories/shop-stock.js';
import type { ShopRefundsRepository } from '../../data/repositories/shop-refunds.js';
import type { ShopRefunds } from '../../domain/orders/shop-refunds.js';
import type { SalesJournal } from '../../domain/journal/journal.js';
import type { OrderService } from '../../domain/orders/orders.js';
import { errorSummary, type Logger } from '../../logging.js';
import type { PeerNetwork, PeerTill } from '../peer-network.js';
import { tillsBehind } from './behind.js';
import type { DrawerSnapshot } from './documents.js';
import { JournalWriter } from './journal-writer.js';
import { PeerReplications } from './peer-replication.js';
import { openLocalReplica, replicaPouch, type ReplicaDatabase } from './pouch.js';
import { Projection } from './projection.js';
import type { SecondCopies } from './second-copies.js';
import { mountReplica } from './replica-server.js';
import { mountShopCopy } from '../restore/shop-copy.js';
import { startShopPeople } from './shop-people.js';
import { ShopMembers } from './shop-members.js';
import { WooCommerceHoldsWriter } from './woocommerce-holds.js';

/** What the replication of the shop's journals is built from (server/start.ts hands it the server's). */
export interface ReplicationParts {
  network: PeerNetwork;
  dataDir: string;
  db: Database;
  journal: SalesJournal;
  orders: OrderService;
  replica: ShopReplicaRepository;
  /** The shop's stock across tills: what the entries move, what WooCommerce holds of them, this till's stock. */
  shopStock: ShopStockRepository;
  productStock: ProductStockRepository;
  /** The cash sessions and Z closures, for the drawer each entry document carries. */
  registers: RegistersRepository;
  closures: JournalRepository;
  /** The database file, of which a consistent copy is served to a paired till being restored (restore/shop-copy.ts). */
  databaseFile: string;
  /** The other tills' refunds, held here by the sale they refund (projection.ts). */
  shopRefunds: ShopRefundsRepository;
  /** This till's refunds as the others count them (journal-writer.ts). */
  refunds: Pick<ShopRefunds, 'replicated'>;
  /** The shop's users and roles (shop-people.ts), and the sessions a user disabled elsewhere loses here. */
  people: ShopPeopleRepository;
  sessions: SessionsRepository;
  /** Learns which own entries a peer holds (the sale's second copy), and from when this till is in a shop. */
  copies: SecondCopies;
  /** The tills this one knows: the membership every till writes of itself fills it (shop-members.ts). */
  tills: TillsRepository;
  logger: Logger;
}

/** A cash session as an entry document carries it; null when the session is gone (it never is: sessions are not deleted). */
function drawerOf(parts: Pick<ReplicationParts, 'registers' | 'closures'>, sessionId: number): DrawerSnapshot | null {
  const session = parts.registers.session(sessionId);
  if (session === undefined) return null;
  return { session, movements: parts.registers.movements(sessionId), closure: parts.closures.closureOfSession(sessionId) ?? null };
}

/** The replication while the server runs. */
export interface RunningReplication {
  /** The local replica (for the tests and the bench: what it holds). */
  readonly local: ReplicaDatabase;
  /** Each other till's entries not yet held here (behind.ts). */
  behind(): Map<string, number>;
  /** The peers that answered last time they were asked. */
  reachable(): string[];
  close(): Promise<void>;
}

/**
 * The shop's journals on every till (docs/several-tills.md, "What is replicated, and how"): this
 * till's entries into its PouchDB replica (journal-writer.ts), the replica served to the paired
 * tills (replica-server.ts) and replicated both ways with each of them (peer-replication.ts), and
 * the other tills' entries projected into SQLite (projection.ts). SQLite stays the record; the
 * replica is what travels. A till alone (never paired) replicates nothing until it is paired.
 */
export async function startReplication(parts: ReplicationParts): Promise<RunningReplication> {
  const { network, logger } = parts;
  const local = openLocalReplica(replicaPouch(parts.dataDir));
  const { copies } = parts;
  mountShopCopy(network.router, parts.databaseFile, { logger, pairedGmt: (tillId) => parts.tills.peer(tillId)?.paired_gmt });
  mountReplica(network.router, replicaPouch(parts.dataDir), {
    local,
    checkpoint: (change, peerId) => {
      copies.checkpoint(change, peerId);
    },
  });
  let running:
    | {
        writer: JournalWriter;
        holds: WooCommerceHoldsWriter;
        projection: Projection;
        members: ShopMembers;
        people?: { stop(): Promise<void> };
        unsubscribe: () => void;
      }
    | undefined;
  const peers = new PeerReplications(local, network, {
    unreachable: (peer: PeerTill, reason: string) => {
      logger.info({ till: peer.id, address: peer.address, reason }, 'a paired till does not answer; its replication retries');
    },
    reachable: (peer: PeerTill) => {
      logger.info({ till: peer.id, address: peer.address }, 'a paired till answers again; its replication resumes');
    },
  });

  /** Once this till belongs to a shop: its writer, the projection of the others, the links to its peers. */
  const begin = async (self: PeerTill): Promise<void> => {
    const till = () => {
      const now = network.self() ?? self;
      return { id: self.id, name: now.name };
    };
    const writer = new JournalWriter({
      db: parts.db,
      replica: parts.replica,
      stock: parts.shopStock,
      orders: parts.orders,
      refunds: parts.refunds,
      local,
      till,
      drawer: (sessionId) => drawerOf(parts, sessionId),
      failed: (error) => {
        logger.warn({ fault: errorSummary(error) }, 'the replica refused journal entries; they stay in the database and go with the next sale');
      },
      offer: (documents) => {
        const first = documents[0]?.till_sequence ?? 0;
        const last = documents.at(-1)?.till_sequence ?? 0;
        void peers.offer(documents).then((stored) => {
          for (const peerId of stored) copies.acknowledged(first, last, peerId);
        });
      },
      wrote: async (sequence) => {
        // Read after the write: at or past the change that carried `sequence` (a peer's checkpoint there holds it).
        copies.written(sequence, Number((await local.info()).update_seq));
      },
    });
    const unsubscribe = parts.journal.onAppend(() => {
      writer.wake();
    });
    const holds = new WooCommerceHoldsWriter({
      stock: parts.shopStock,
      local,
      till,
      failed: (error) => {
        logger.warn({ fault: errorSummary(error) }, 'the replica refused what WooCommerce holds of this till; written at the next look');
      },
    });
    const projection = new Projection({
      db: parts.db,
      replica: parts.replica,
      shopStock: parts.shopStock,
      productStock: parts.productStock,
      refunds: parts.shopRefunds,
      local,
      tillId: self.id,
      refused: (id, reason) => {
        logger.warn({ document: id, reason }, 'a replicated document was not projected');
      },
      unmatched: (id, lines) => {
        logger.warn({ document: id, lines }, "lines of another till's sale match no product here: this till's stock of them is not moved");
      },
    });
    const members = new ShopMembers({ db: parts.db, tills: parts.tills, replica: parts.replica, local, network, logger });
    running = { writer, holds, projection, members, unsubscribe };
    copies.replicating({ peers: () => network.peers(), downSince: (peerId) => peers.downSince(peerId) });
    await writer.start();
    await holds.start();
    projection.start();
    members.start();
    running.people = await startShopPeople({ ...parts, local, till });
  };

  let starting: Promise<void> | undefined;
  const follow = () => {
    const self = network.self();
    if (self !== undefined && running === undefined) starting ??= begin(self);
    peers.refresh();
  };
  const stopFollowing = network.onChange(follow);
  follow();
  await starting;

  return {
    local,
    behind: () => tillsBehind(parts.replica),
    reachable: () => peers.reachable(),
    close: async () => {
      stopFollowing();
      copies.replicating(undefined);
      peers.stop();
      await starting;
      if (running !== undefined) {
        running.unsubscribe();
        running.projection.stop();
        await running.members.stop();
        await running.people?.stop();
        await running.holds.stop();
        await running.writer.stop();
      }
      await local.close();
    },
  };
}
