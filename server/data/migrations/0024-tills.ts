import type { Migration } from './migration.js';

/**
 * The shop's tills (issue 31, item 1). `till_identity` is this till once it belongs to a shop: the
 * shop CA's certificate and this till's own, signed by it (the private keys are in the secret store,
 * never here). `peers` are the other tills it knows; `peer_removals` the certificate serials refused
 * since a till was removed, kept apart so the replication can carry them to the other tills.
 * `pairing_invitations` hold a code only as its SRP-6a verifier and salt. `lan_listeners` is where
 * the running server listens, for the CLI of the same data directory to print.
 */
export const migration: Migration = {
  version: 24,
  name: 'tills',
  up(db) {
    db.exec(`
      CREATE TABLE till_identity (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        till_id TEXT NOT NULL,
        name TEXT NOT NULL,
        ca_certificate TEXT NOT NULL,
        ca_fingerprint TEXT NOT NULL,
        certificate TEXT NOT NULL,
        serial TEXT NOT NULL,
        created_gmt TEXT NOT NULL
      );
      CREATE TABLE peers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        address TEXT NOT NULL,
        serial TEXT NOT NULL,
        paired_gmt TEXT NOT NULL,
        last_seen_gmt TEXT,
        removed_gmt TEXT
      );
      CREATE TABLE peer_removals (
        serial TEXT PRIMARY KEY,
        till_id TEXT NOT NULL,
        removed_gmt TEXT NOT NULL
      );
      CREATE TABLE pairing_invitations (
        id INTEGER PRIMARY KEY,
        salt TEXT NOT NULL,
        verifier TEXT NOT NULL,
        created_gmt TEXT NOT NULL,
        expires_gmt TEXT NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0,
        ended_gmt TEXT,
        ended_reason TEXT
      );
      CREATE TABLE lan_listeners (
        kind TEXT PRIMARY KEY CHECK (kind IN ('tills', 'pairing')),
        address TEXT NOT NULL,
        pid INTEGER NOT NULL,
        serial TEXT,
        started_gmt TEXT NOT NULL
      );
    `);
  },
};
