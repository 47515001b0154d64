import type { Repositories } from './composition-repositories.js';
import type { Logger } from './logging.js';
import type { SecretStore } from './secrets/secret-store.js';
import { ShopIdentity } from './tills/identity/shop-identity.js';
import { ShopNetwork } from './tills/lan/shop-network.js';
import { TillsLan, type LanOptions } from './tills/lan/tills-lan.js';
import { PeersAdmin } from './tills/peers-admin.js';
import { behindOf } from './tills/replication/behind.js';
import { SecondCopies } from './tills/replication/second-copies.js';

/**
 * The shop's tills over one connection, built once (the composition root's part for server/tills/):
 * the shop identity, the PeerNetwork the replication uses, the listeners when the server has
 * --lan-port, and the peers' administration the CLI and the HTTP routes share.
 */
export function createTillsServices(
  r: Repositories,
  options: {
    secrets: SecretStore;
    logger?: Logger | undefined;
    lan?: LanOptions | undefined;
  },
) {
  const identity = new ShopIdentity({ tills: r.tills, secrets: options.secrets });
  let lan: TillsLan | undefined;
  const network = new ShopNetwork({ tills: r.tills, identity }, () => lan?.address() ?? '');
  if (options.lan !== undefined && options.logger !== undefined) {
    lan = new TillsLan({ tills: r.tills, pairing: r.pairing, identity, network, logger: options.logger }, options.lan);
  }
  const peers = new PeersAdmin({
    tills: r.tills,
    pairing: r.pairing,
    identity,
    // Read from the database: the CLI's `peers list` has it while the server replicates.
    behind: (tillId) => behindOf(r.shopReplica, tillId),
    onChanged: () => {
      void lan?.poll();
    },
  });
  // Fed by the replication while it runs (server/start.ts); read by the sale's answer and the status.
  const copies = new SecondCopies({ replica: r.shopReplica, tills: r.tills });
  return { identity, network, lan, peers, copies };
}
export type TillsServices = ReturnType<typeof createTillsServices>;
