/** The shop's other tills as `GET /pos/v1/peers` and `tillbase peers list --json` show them (issue 31). */
export interface PeerView {
  id: string;
  /** "Till B": its letter starts its receipt numbers. */
  name: string;
  /** host:port of its tills' listener. */
  address: string;
  last_seen_gmt: string | null;
  /** Entries of that till not yet held here, as the replication counts them; null until it does. */
  behind: number | null;
}

/** A pairing invitation, as `POST /pos/v1/peers/invitations` and `tillbase peers invite --json` give it. */
export interface PeerInvitation {
  /** 6 digits, shown once: the till keeps only its SRP verifier. */
  code: string;
  /** host:port of the pairing listener, for `tillbase peers join`. */
  address: string;
  /** SHA-256 fingerprint of the shop CA's certificate. */
  fingerprint: string;
  /** ISO 8601, UTC: 5 minutes after it was made. */
  expires_at: string;
}

/** What `DELETE /pos/v1/peers/{id}` answers: the till removed, its certificate refused from now on. */
export interface PeerRemoved {
  id: string;
  name: string;
  removed: true;
  removed_gmt: string;
}

/** What `POST /pos/v1/peers/join` answers: this till, paired now, and the shop's tills it was told of. */
export interface PeerJoined {
  /** This till's name in the shop ("Till B"). */
  name: string;
  /** SHA-256 fingerprint of the shop CA this till now belongs to. */
  fingerprint: string;
  peers: PeerView[];
}
