import type { Router } from 'express';
import type { Agent } from 'node:https';

/** A paired till, as the other tills of the shop know it. */
export interface PeerTill {
  /** The till's id: its installation id, unique in the shop (pairing refuses an id already paired). */
  id: string;
  /** What people call it, e.g. "Till A"; its receipt numbers start with its letter. */
  name: string;
  /** host:port of its mutual-TLS listener, as it advertises it (`--lan-advertise`, else its listener's). */
  address: string;
}

/**
 * What the pairing layer hands the replication (and anything else that talks to the other tills):
 * a router served to paired tills only, and the means to reach them. Everything between tills goes
 * over TLS with the shop's certificates; nothing here is ever reachable without one.
 */
export interface PeerNetwork {
  /** This till once it belongs to a shop; undefined while it is alone (never paired). */
  self(): PeerTill | undefined;
  /** The other paired tills, removed ones left out. */
  peers(): PeerTill[];
  /** Listens for a till paired, removed or moved to another address; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /**
   * Mounted at `/` on the tills' listener. The TLS handshake has already checked the caller's
   * certificate against the shop CA and the removed tills: `res.locals.peer` is the calling PeerTill.
   */
  readonly router: Router;
  /** For requests to `https://<peer address>/...`: this till's certificate, the shop CA pinned; undefined while alone. */
  agent(): Agent | undefined;
}
