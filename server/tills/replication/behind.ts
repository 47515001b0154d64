import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';

/**
 * Step 6: how many entries of each other till are not held here yet (`tillbase peers list`'s
 * `behind`): how far its journal goes, as its last head document held here says, less the
 * entries held. Read from the database, so the CLI has it while the server runs.
 */
export function tillsBehind(replica: ShopReplicaRepository): Map<string, number> {
  return new Map(replica.tills().map((till) => [till.id, Math.max(0, till.head_sequence - till.held)]));
}

/** The entries of one till not held here; 0 for a till nothing was heard of yet (nothing is known to be missing). */
export function behindOf(replica: ShopReplicaRepository, tillId: string): number {
  return tillsBehind(replica).get(tillId) ?? 0;
}
