import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { PeerRecord, PeerRemovalRecord, TillIdentityRecord } from '../../model/records/tills.js';

const NOW = "strftime('%Y-%m-%dT%H:%M:%S', 'now')";

/** This till's shop identity, the other tills it knows, and the serials refused since a removal (migration 24). */
export class TillsRepository {
  constructor(private readonly db: Database) {}

  /** The installation id made with this database (migration 1): the till's id in the shop. */
  tillId(): string {
    const id = prepared<[], string>(this.db, "SELECT value FROM installation WHERE key = 'installation_id'").pluck(true).get();
    if (id === undefined) throw new Error('the database has no installation id');
    return id;
  }

  identity(): TillIdentityRecord | undefined {
    return prepared<[], TillIdentityRecord>(this.db, 'SELECT * FROM till_identity WHERE singleton = 1').get();
  }

  /**
   * Makes this till's identity, or replaces a lone one (a till that made its own CA, then joined a
   * shop): the peers it knew go with the identity they were paired under.
   */
  saveIdentity(identity: Omit<TillIdentityRecord, 'created_gmt'>, peers: ReadonlyArray<Pick<PeerRecord, 'id' | 'name' | 'address' | 'serial'>> = []): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'DELETE FROM peers').run();
      prepared(
        this.db,
        `INSERT OR REPLACE INTO till_identity (singleton, till_id, name, ca_certificate, ca_fingerprint, certificate, serial, created_gmt)
         VALUES (1, ?, ?, ?, ?, ?, ?, ${NOW})`,
      ).run(identity.till_id, identity.name, identity.ca_certificate, identity.ca_fingerprint, identity.certificate, identity.serial);
      for (const peer of peers) this.addPeer(peer);
    });
  }

  /** Every till this one knows, removed ones included (they keep their letter: their receipts still bear it). */
  allPeers(): PeerRecord[] {
    return prepared<[], PeerRecord>(this.db, 'SELECT * FROM peers ORDER BY paired_gmt, name').all();
  }

  activePeers(): PeerRecord[] {
    return prepared<[], PeerRecord>(this.db, 'SELECT * FROM peers WHERE removed_gmt IS NULL ORDER BY paired_gmt, name').all();
  }

  peer(id: string): PeerRecord | undefined {
    return prepared<[string], PeerRecord>(this.db, 'SELECT * FROM peers WHERE id = ?').get(id);
  }

  addPeer(peer: Pick<PeerRecord, 'id' | 'name' | 'address' | 'serial'>): void {
    writeTransaction(this.db, () => {
      prepared(
        this.db,
        `INSERT INTO peers (id, name, address, serial, paired_gmt) VALUES (?, ?, ?, ?, ${NOW})
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, address = excluded.address, serial = excluded.serial,
           paired_gmt = excluded.paired_gmt, removed_gmt = NULL, last_seen_gmt = NULL`,
      ).run(peer.id, peer.name, peer.address, peer.serial);
    });
  }

  /** Marks the till removed and records its serial as refused; undefined when no such till is paired. */
  removePeer(id: string): PeerRecord | undefined {
    return writeTransaction(this.db, () => {
      const peer = this.peer(id);
      if (peer === undefined || peer.removed_gmt !== null) return undefined;
      prepared(this.db, `UPDATE peers SET removed_gmt = ${NOW} WHERE id = ?`).run(id);
      prepared(this.db, `INSERT OR IGNORE INTO peer_removals (serial, till_id, removed_gmt) VALUES (?, ?, ${NOW})`).run(peer.serial, peer.id);
      return this.peer(id);
    });
  }

  isSerialRemoved(serial: string): boolean {
    return prepared<[string], number>(this.db, 'SELECT 1 FROM peer_removals WHERE serial = ?').pluck(true).get(serial) !== undefined;
  }

  removals(): PeerRemovalRecord[] {
    return prepared<[], PeerRemovalRecord>(this.db, 'SELECT * FROM peer_removals ORDER BY removed_gmt').all();
  }

  /**
   * A till rebuilt on a new machine (`peers restore`) keeps its id and gets a new certificate: the
   * old serial is refused from now on (the dead machine, should it come back, is not the till any
   * more), and the till is not taken as seen until its new certificate calls in.
   */
  replaceCertificate(id: string, serial: string, address: string): void {
    writeTransaction(this.db, () => {
      const old = this.peer(id);
      if (old !== undefined && old.serial !== serial)
        prepared(this.db, `INSERT OR IGNORE INTO peer_removals (serial, till_id, removed_gmt) VALUES (?, ?, ${NOW})`).run(old.serial, id);
      prepared(this.db, `UPDATE peers SET serial = ?, address = ?, paired_gmt = ${NOW}, last_seen_gmt = NULL WHERE id = ? AND removed_gmt IS NULL`).run(
        serial,
        address,
        id,
      );
    });
  }

  touchLastSeen(id: string): void {
    writeTransaction(this.db, () => {
      prepared(this.db, `UPDATE peers SET last_seen_gmt = ${NOW} WHERE id = ?`).run(id);
    });
  }

  /** What changes when a till is paired, removed (here, or heard of from another till) or moved: the poll of the running server compares it. */
  version(): string {
    const row = prepared<[], { identity: string | null; peers: string | null; removals: number }>(
      this.db,
      `SELECT (SELECT serial FROM till_identity WHERE singleton = 1) AS identity,
              (SELECT group_concat(id || ':' || address || ':' || serial || ':' || coalesce(removed_gmt, ''), ',') FROM peers) AS peers,
              (SELECT count(*) FROM peer_removals) AS removals`,
    ).get();
    return `${row?.identity ?? ''}|${row?.peers ?? ''}|${row?.removals ?? 0}`;
  }
  /**
   * A till of the shop heard of from another till (its own member document): known from then on,
   * its address and certificate kept up to date. A till removed here, or whose certificate was
   * removed, is not taken back; this till itself is never its own peer. True when anything changed.
   */
  learnPeer(peer: Pick<PeerRecord, 'id' | 'name' | 'address' | 'serial'>): boolean {
    return writeTransaction(this.db, () => {
      if (peer.id === this.identity()?.till_id || this.isSerialRemoved(peer.serial)) return false;
      const changed = prepared(
        this.db,
        `INSERT INTO peers (id, name, address, serial, paired_gmt) VALUES (@id, @name, @address, @serial, ${NOW})
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, address = excluded.address, serial = excluded.serial
         WHERE peers.removed_gmt IS NULL AND (peers.name, peers.address, peers.serial) IS NOT (excluded.name, excluded.address, excluded.serial)`,
      ).run(peer).changes;
      return changed > 0;
    });
  }

  /**
   * A removal heard of from another till: the serial is refused here too and, when the till itself
   * was removed (not only its certificate replaced by a restore), the till too if it still holds that
   * certificate. True when it is new here.
   */
  learnRemoval(removal: PeerRemovalRecord, tillRemoved: boolean): boolean {
    return writeTransaction(this.db, () => {
      const added = prepared(this.db, 'INSERT OR IGNORE INTO peer_removals (serial, till_id, removed_gmt) VALUES (@serial, @till_id, @removed_gmt)').run(
        removal,
      ).changes;
      if (tillRemoved)
        prepared(this.db, 'UPDATE peers SET removed_gmt = @removed_gmt WHERE id = @till_id AND serial = @serial AND removed_gmt IS NULL').run(removal);
      return added > 0;
    });
  }
}
