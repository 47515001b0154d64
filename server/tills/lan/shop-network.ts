import { Agent, type AgentOptions } from 'node:https';
import type { PeerCertificate } from 'node:tls';
import { Router } from 'express';
import type { TillsRepository } from '../../data/repositories/tills.js';
import { normaliseSerial, tillIdInAltNames } from '../identity/certificates.js';
import type { ShopIdentity, TillCredentials } from '../identity/shop-identity.js';
import type { PeerNetwork, PeerTill } from '../peer-network.js';

/** `last_seen_gmt` is written at most this often per till: a busy replication would otherwise write on every request. */
const SEEN_EVERY_MS = 5_000;

/**
 * PeerNetwork over the shop's certificates: this till and the tills it knows come from SQLite, the
 * keys from the secret store, loaded by `load()` (at start, and when the poll sees a change).
 */
export class ShopNetwork implements PeerNetwork {
  readonly router = Router();
  #credentials: TillCredentials | undefined;
  #agent: Agent | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #seen = new Map<string, number>();

  constructor(
    private readonly deps: { tills: TillsRepository; identity: ShopIdentity },
    /** Where this till's listener is reached, once it listens. */
    private readonly advertised: () => string,
  ) {}

  /** Loads (again) the identity and keys; the agent is rebuilt for the new certificate. */
  async load(): Promise<TillCredentials | undefined> {
    const credentials = await this.deps.identity.credentials();
    if (credentials?.identity.serial !== this.#credentials?.identity.serial) {
      this.#agent?.destroy();
      this.#agent = credentials === undefined ? undefined : this.#makeAgent(credentials);
    }
    this.#credentials = credentials;
    return credentials;
  }

  credentials(): TillCredentials | undefined {
    return this.#credentials;
  }

  self(): PeerTill | undefined {
    const identity = this.#credentials?.identity;
    return identity === undefined ? undefined : { id: identity.till_id, name: identity.name, address: this.advertised() };
  }

  peers(): PeerTill[] {
    return this.deps.tills.activePeers().map(({ id, name, address }) => ({ id, name, address }));
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.#listeners) listener();
  }

  agent(): Agent | undefined {
    return this.#agent;
  }

  /** The shop's till a certificate names, if it is one this till accepts: known, and its serial not removed. */
  peerOf(certificate: PeerCertificate): PeerTill | undefined {
    const id = tillIdInAltNames(certificate.subjectaltname);
    if (id === undefined || this.deps.tills.isSerialRemoved(normaliseSerial(certificate.serialNumber))) return undefined;
    const known = this.deps.tills.peer(id);
    if (known !== undefined) return known.removed_gmt === null ? { id, name: known.name, address: known.address } : undefined;
    // Signed by the shop CA but paired at another till, not heard of here yet (the replication brings it): its name is in its certificate.
    const commonName = certificate.subject.CN;
    return { id, name: typeof commonName === 'string' ? commonName : `till-${id}`, address: '' };
  }

  /** Records that a till called in or answered, at most every few seconds. */
  seen(id: string): void {
    const now = Date.now();
    if ((this.#seen.get(id) ?? 0) + SEEN_EVERY_MS > now) return;
    this.#seen.set(id, now);
    this.deps.tills.touchLastSeen(id);
  }

  #makeAgent({ identity, tillKey }: TillCredentials): Agent {
    const options: AgentOptions = {
      keepAlive: true,
      cert: identity.certificate,
      key: tillKey,
      ca: identity.ca_certificate,
      // Tills are reached by address, which their certificates do not name; what names a till is
      // `till-<id>` in its certificate, so that is what is checked: a paired till, not removed.
      checkServerIdentity: (_host, certificate) => {
        const peer = this.peerOf(certificate);
        if (peer === undefined || peer.id === identity.till_id) return new Error('the till that answered is not a paired till of this shop');
        this.seen(peer.id);
        return undefined;
      },
    };
    return new Agent(options);
  }
}
