import type { PairingRepository } from '../data/repositories/pairing.js';
import type { TillsRepository } from '../data/repositories/tills.js';
import { ApiError, notFound } from '../domain/errors.js';
import type { PeerInvitation, PeerJoined, PeerRemoved, PeerView } from '../../shared/resources/peers.js';
import type { ShopIdentity } from './identity/shop-identity.js';
import { newPairingCode, verifierOf } from './pairing/pairing-crypto.js';
import { joinShop } from './pairing/pairing-join.js';

/** An invitation's life. */
export const INVITATION_SECONDS = 5 * 60;
/** How long `invite` waits for the running server to serve a shop identity the command has just made. */
const LISTENER_WAIT_MS = 10_000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** Inviting, listing and removing tills: what `tillbase peers` and `/pos/v1/peers` do, over one data directory. */
export class PeersAdmin {
  constructor(
    private readonly deps: {
      tills: TillsRepository;
      pairing: PairingRepository;
      identity: ShopIdentity;
      /** Entries of a till not yet held here: the replication answers it once it exists. */
      behind?: (tillId: string) => number | null;
      /** Told at once when this process makes the shop identity or removes a till (the listeners take it without waiting for their poll). */
      onChanged?: () => void;
    },
  ) {}

  /** The pairing listener of the server running on this data directory, if one runs. */
  #pairingListener(): { address: string; serial: string | null } | undefined {
    const listener = this.deps.pairing.listener('pairing');
    return listener !== undefined && isRunning(listener.pid) ? listener : undefined;
  }

  /**
   * A new invitation: the shop identity is made first if this is the shop's first till. The code
   * is returned once and kept only as its SRP verifier; any earlier open invitation ends.
   */
  async invite(): Promise<PeerInvitation> {
    if (this.#pairingListener() === undefined) {
      throw new ApiError(
        409,
        'tills_no_listener',
        'No tills’ listener runs on this data directory: start the server with --lan-port (tillbase serve --lan-port 8788) to invite a till.',
      );
    }
    const { identity } = await this.deps.identity.ensure();
    this.deps.onChanged?.();
    // The server loads an identity the CLI has just made at its next poll; a code it cannot serve yet is no use.
    const deadline = Date.now() + LISTENER_WAIT_MS;
    let listener = this.#pairingListener();
    while (listener !== undefined && listener.serial !== identity.serial && Date.now() < deadline) {
      await sleep(200);
      listener = this.#pairingListener();
    }
    if (listener?.serial !== identity.serial) {
      throw new ApiError(
        503,
        'tills_listener_not_ready',
        'The server on this data directory has not taken the shop identity yet: is it running with --lan-port?',
      );
    }
    const code = newPairingCode();
    const { salt, verifier } = await verifierOf(code);
    const invitation = this.deps.pairing.createInvitation(salt, verifier, INVITATION_SECONDS);
    return { code, address: listener.address, fingerprint: identity.ca_fingerprint, expires_at: `${invitation.expires_gmt}Z` };
  }

  /**
   * Joins the shop of the till whose pairing listener is at `address`, with the code it shows (the
   * first-run screen's and Settings → Tills' way; `tillbase peers join` does the same): this till's
   * server must listen for the tills (--lan-port), since the others reach it there once paired.
   */
  async join(request: { address: string; code: string; fingerprint?: string | undefined }): Promise<PeerJoined> {
    const listener = this.deps.pairing.listener('tills');
    if (listener === undefined || !isRunning(listener.pid)) {
      throw new ApiError(
        409,
        'tills_no_listener',
        'No tills’ listener runs on this data directory: start the server with --lan-port (tillbase serve --lan-port 8788) to join a shop.',
      );
    }
    const identity = await joinShop({ identity: this.deps.identity, tills: this.deps.tills }, { ...request, selfAddress: listener.address });
    this.deps.onChanged?.();
    return { name: identity.name, fingerprint: identity.ca_fingerprint, peers: this.list() };
  }

  list(): PeerView[] {
    return this.deps.tills.activePeers().map((peer) => ({
      id: peer.id,
      name: peer.name,
      address: peer.address,
      last_seen_gmt: peer.last_seen_gmt,
      behind: this.deps.behind?.(peer.id) ?? null,
    }));
  }

  /**
   * Removes a till: its certificate's serial is refused here from the next connection on (and the
   * open ones end). The removal is a row of `peer_removals`, which the replication carries to the
   * other tills (replication/shop-members.ts).
   */
  remove(id: string): PeerRemoved {
    const removed = this.deps.tills.removePeer(id);
    if (removed === undefined || removed.removed_gmt === null) throw notFound('peer', `No paired till has the id ${id}.`);
    this.deps.onChanged?.();
    return { id: removed.id, name: removed.name, removed: true, removed_gmt: removed.removed_gmt };
  }

  /** The shop CA's certificate (PEM), for a tablet to trust; undefined while the till has no shop identity. */
  caCertificate(): string | undefined {
    return this.deps.identity.current()?.ca_certificate;
  }
}
