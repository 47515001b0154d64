/** This till once it belongs to a shop (migration 24): the certificates are PEM, the keys are in the secret store. */
export interface TillIdentityRecord {
  till_id: string;
  name: string;
  ca_certificate: string;
  /** SHA-256 of the shop CA's certificate, upper-case hex pairs joined by colons (as browsers show it). */
  ca_fingerprint: string;
  certificate: string;
  /** This till's certificate serial, upper-case hex without leading zeros (as Node's TLS reports it). */
  serial: string;
  created_gmt: string;
}

/** Another till of the shop, as this till knows it. */
export interface PeerRecord {
  id: string;
  name: string;
  address: string;
  serial: string;
  paired_gmt: string;
  last_seen_gmt: string | null;
  removed_gmt: string | null;
}

/** A certificate serial refused since its till was removed. */
export interface PeerRemovalRecord {
  serial: string;
  till_id: string;
  removed_gmt: string;
}

/** A pairing invitation: the code is never stored, only its SRP-6a verifier and salt (decimal strings). */
export interface PairingInvitationRecord {
  id: number;
  salt: string;
  verifier: string;
  created_gmt: string;
  expires_gmt: string;
  failures: number;
  ended_gmt: string | null;
  ended_reason: string | null;
}

export type LanListenerKind = 'tills' | 'pairing';

/** Where the running server listens; `serial` is the till certificate it serves (NULL while it has none). */
export interface LanListenerRecord {
  kind: LanListenerKind;
  address: string;
  pid: number;
  serial: string | null;
  started_gmt: string;
}
