import type { TillsRepository } from '../../data/repositories/tills.js';
import type { PeerRecord, TillIdentityRecord } from '../../model/records/tills.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { createShopCa, fingerprintOf, issueLeaf, keyMatches, newKeyPair, serialOf } from './certificates.js';

/**
 * Secret store accounts carry the till id: on one machine two tills' data directories (a test, a
 * training till) share the OS keychain, and each keeps its own keys.
 */
const caKeyAccount = (tillId: string): string => `shop-ca-key:${tillId}`;
const tillKeyAccount = (tillId: string): string => `till-key:${tillId}`;

/** Tills are named by letter in pairing order: the first is A; a removed till's letter is not given again. */
export function nextTillName(taken: readonly string[]): string {
  const letters = new Set(taken.map((name) => /^Till ([A-Z]+)$/.exec(name)?.[1]).filter((letter) => letter !== undefined));
  for (let index = 0; ; index += 1) {
    let label = '';
    for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) label = String.fromCharCode(65 + (n % 26)) + label;
    if (!letters.has(label)) return `Till ${label}`;
  }
}

/** What a till holds once it belongs to a shop: the records and the two private keys. */
export interface TillCredentials {
  identity: TillIdentityRecord;
  tillKey: string;
  caKey: string;
}

/** What the inviting till hands a joining one, sealed under the pairing's session key. */
export interface Membership {
  name: string;
  certificate: string;
  ca_certificate: string;
  /** The shop CA's key: every paired till can invite the next one and issue its API listener's certificate. */
  ca_key: string;
  members: Array<Pick<PeerRecord, 'id' | 'name' | 'address' | 'serial'>>;
}

/** A till pairing here: its id, name, public key and the address the other tills reach it at. */
export interface TillJoining {
  id: string;
  name: string;
  publicKey: string;
  address: string;
}

/** The shop's identity as this till holds it: the shop CA, this till's certificate, their keys in the secret store. */
export class ShopIdentity {
  constructor(
    private readonly deps: { tills: TillsRepository; secrets: SecretStore },
    readonly tillId: string = deps.tills.tillId(),
  ) {}

  current(): TillIdentityRecord | undefined {
    return this.deps.tills.identity();
  }

  /** The identity with its keys; undefined while alone, or when the secret store lacks the keys (another store than the one pairing used). */
  async credentials(): Promise<TillCredentials | undefined> {
    const identity = this.current();
    if (identity === undefined) return undefined;
    const [tillKey, caKey] = await Promise.all([this.deps.secrets.get(tillKeyAccount(this.tillId)), this.deps.secrets.get(caKeyAccount(this.tillId))]);
    if (tillKey === null || caKey === null || !keyMatches(identity.certificate, tillKey)) {
      throw new Error(
        `this till is paired, but its keys are not in the ${this.deps.secrets.kind} secret store: run the server and the peers commands with the same --secret-store`,
      );
    }
    return { identity, tillKey, caKey };
  }

  /** The first till of a shop: makes the shop CA and this till's certificate ("Till A"), unless the till has them already. */
  async ensure(): Promise<TillCredentials> {
    const existing = await this.credentials();
    if (existing !== undefined) return existing;
    const ca = await createShopCa(this.tillId.slice(0, 8));
    const tillKey = await newKeyPair();
    const name = nextTillName([]);
    const leaf = await issueLeaf({
      ca: { certificate: ca.certificate, privateKey: ca.key.privateKey },
      publicKey: tillKey.publicKey,
      tillId: this.tillId,
      name,
    });
    // The keys are kept before the records that need them: a crash between leaves keys without use, never records without keys.
    await this.deps.secrets.set(caKeyAccount(this.tillId), ca.key.privateKey);
    await this.deps.secrets.set(tillKeyAccount(this.tillId), tillKey.privateKey);
    this.deps.tills.saveIdentity({
      till_id: this.tillId,
      name,
      ca_certificate: ca.certificate,
      ca_fingerprint: fingerprintOf(ca.certificate),
      certificate: leaf.certificate,
      serial: leaf.serial,
    });
    const made = await this.credentials();
    if (made === undefined) throw new Error('the shop identity was not saved');
    return made;
  }

  /** Signs a joining till's certificate with the shop CA and tells it the shop's tills (this one first). */
  async admit(joiner: TillJoining, address: string): Promise<Membership> {
    const { membership, serial } = await this.#membershipOf(joiner, address);
    this.deps.tills.addPeer({ id: joiner.id, name: joiner.name, address: joiner.address, serial });
    return membership;
  }

  /**
   * A paired till rebuilt on a new machine (`peers restore`): a certificate for the same id and a
   * new key, the old certificate refused from now on (TillsRepository.replaceCertificate).
   */
  async readmit(joiner: TillJoining, address: string): Promise<Membership> {
    const { membership, serial } = await this.#membershipOf(joiner, address);
    this.deps.tills.replaceCertificate(joiner.id, serial, joiner.address);
    return membership;
  }

  async #membershipOf(joiner: TillJoining, address: string): Promise<{ membership: Membership; serial: string }> {
    const { identity, caKey } = await this.ensure();
    const leaf = await issueLeaf({
      ca: { certificate: identity.ca_certificate, privateKey: caKey },
      publicKey: joiner.publicKey,
      tillId: joiner.id,
      name: joiner.name,
    });
    const members = [
      { id: identity.till_id, name: identity.name, address, serial: identity.serial },
      ...this.deps.tills
        .activePeers()
        .filter((peer) => peer.id !== joiner.id)
        .map(({ id, name, address: peerAddress, serial }) => ({ id, name, address: peerAddress, serial })),
    ];
    return {
      membership: { name: joiner.name, certificate: leaf.certificate, ca_certificate: identity.ca_certificate, ca_key: caKey, members },
      serial: leaf.serial,
    };
  }

  /** The name the next till paired here gets. */
  nextName(): string {
    const identity = this.current();
    return nextTillName([...(identity === undefined ? [] : [identity.name]), ...this.deps.tills.allPeers().map((peer) => peer.name)]);
  }

  /** The joining side: keeps what the inviting till handed over as this till's identity. */
  async adopt(membership: Membership, tillKey: string): Promise<TillIdentityRecord> {
    await this.deps.secrets.set(caKeyAccount(this.tillId), membership.ca_key);
    await this.deps.secrets.set(tillKeyAccount(this.tillId), tillKey);
    this.deps.tills.saveIdentity(
      {
        till_id: this.tillId,
        name: membership.name,
        ca_certificate: membership.ca_certificate,
        ca_fingerprint: fingerprintOf(membership.ca_certificate),
        certificate: membership.certificate,
        serial: serialOf(membership.certificate),
      },
      membership.members,
    );
    const identity = this.current();
    if (identity === undefined) throw new Error('the shop identity was not saved');
    return identity;
  }

  /** A certificate for the API listener, with the names and addresses a tablet's browser reaches it by. */
  async apiCertificate(hosts: readonly string[]): Promise<{ certificate: string; key: string; ca: string }> {
    const { identity, caKey } = await this.ensure();
    const key = await newKeyPair();
    const leaf = await issueLeaf({
      ca: { certificate: identity.ca_certificate, privateKey: caKey },
      publicKey: key.publicKey,
      tillId: this.tillId,
      name: identity.name,
      hosts,
    });
    return { certificate: leaf.certificate, key: key.privateKey, ca: identity.ca_certificate };
  }
}
