import type { Database } from '../../data/database.js';
import type { SessionsRepository } from '../../data/repositories/sessions.js';
import type { ShopPeopleRepository } from '../../data/repositories/shop-people.js';
import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import { errorSummary, type Logger } from '../../logging.js';
import type { TillStamp } from './documents.js';
import type { ReplicaDatabase } from './pouch.js';
import { ShopPeopleProjection } from './shop-people-projection.js';
import { ShopPeopleWriter } from './shop-people-writer.js';

/** What the shop's people on every till are built from (replication.ts hands it its parts). */
export interface ShopPeopleParts {
  db: Database;
  people: ShopPeopleRepository;
  replica: ShopReplicaRepository;
  sessions: SessionsRepository;
  local: ReplicaDatabase;
  till: () => TillStamp;
  logger: Logger;
}

/**
 * The shop's users and roles on every till (docs/several-tills.md, "The shop's people"): this
 * till's changes into its replica (shop-people-writer.ts), the others' from it into SQLite
 * (shop-people-projection.ts). The replica carries them to every paired till with the journals.
 */
export async function startShopPeople(parts: ShopPeopleParts): Promise<{ stop(): Promise<void> }> {
  const { logger } = parts;
  const writer = new ShopPeopleWriter({
    ...parts,
    failed: (error) => {
      logger.warn({ fault: errorSummary(error) }, 'a user or role was not written to the replica; it goes with the next turn');
    },
  });
  const projection = new ShopPeopleProjection({
    ...parts,
    collectLocal: () => {
      writer.collect();
    },
    refused: (id, reason) => {
      logger.warn({ document: id, reason }, 'a replicated user or role was not applied');
    },
  });
  await writer.start();
  projection.start();
  return {
    stop: async () => {
      await projection.stop();
      await writer.stop();
    },
  };
}
