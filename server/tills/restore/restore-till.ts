import { createWriteStream, rmSync } from 'node:fs';
import { Agent, get as httpsGet } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../../data/database.js';
import { TillsRepository } from '../../data/repositories/tills.js';
import type { TillIdentityRecord } from '../../model/records/tills.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { tillIdInAltNames } from '../identity/certificates.js';
import { ShopIdentity } from '../identity/shop-identity.js';
import { pairAsRestored, type PairedMembership } from '../pairing/pairing-join.js';
import {
  asReplicaDocument,
  entryDocumentRange,
  headDocumentId,
  type EntryDocument,
  type HeadDocument,
  type ReplicaDocument,
} from '../replication/documents.js';
import { openLocalReplica, peerReplica, replicaPouch, type ReplicaDatabase } from '../replication/pouch.js';
import { rebuildTill, type RebuildSummary } from './rebuild.js';
import { SHOP_COPY_PATH } from './shop-copy.js';

/** Documents asked of the peer's replica at once. */
const PAGE = 500;
const TIMEOUT_MS = 60_000;

export interface RestoreTillOptions {
  /** The new data directory (empty) and its database file, made here. */
  dataDir: string;
  databaseFile: string;
  secrets: SecretStore;
  /** HOST:PORT of the living till's pairing listener, as `peers invite` printed it. */
  address: string;
  code: string;
  /** The dead till's id; left out, the living till names the one paired till it has not heard from. */
  tillId?: string | undefined;
  /** Where this till's listener will be reached; '' keeps the dead till's address (a replacement in its place). */
  selfAddress: string;
  fingerprint?: string | undefined;
  progress: (line: string) => void;
}

export interface RestoredTill {
  identity: TillIdentityRecord;
  /** The living till it was rebuilt from. */
  from: { id: string; name: string; address: string };
  documents: number;
  summary: RebuildSummary;
}

/** Mutual TLS with the certificate pairing has just handed over, the shop CA pinned, the answering till checked by the id its certificate names. */
function agentOf(paired: PairedMembership, hostId: string): Agent {
  return new Agent({
    cert: paired.membership.certificate,
    key: paired.tillKey,
    ca: paired.membership.ca_certificate,
    checkServerIdentity: (_host, certificate) =>
      tillIdInAltNames(certificate.subjectaltname) === hostId ? undefined : new Error('the till that answered is not the one restored from'),
  });
}

/** GET https://<address>/tills/v1/shop-copy into `file`. */
function downloadShopCopy(address: string, agent: Agent, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpsGet(`https://${address}${SHOP_COPY_PATH}`, { agent, timeout: TIMEOUT_MS }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${address} refused a copy of its database (${String(res.statusCode)})`));
        return;
      }
      pipeline(res, createWriteStream(file, { mode: 0o600 })).then(resolve, reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
  });
}

/** The dead till's documents in the peer's replica, its entries by their id range (in sequence order) and its head. */
async function fetchDocuments(remote: ReplicaDatabase, tillId: string, progress: (count: number) => void): Promise<ReplicaDocument[]> {
  const range = entryDocumentRange(tillId);
  const documents: ReplicaDocument[] = [];
  let startkey = range.first;
  for (;;) {
    const page = await remote.allDocs({ startkey, endkey: range.last, include_docs: true, limit: PAGE + 1 });
    const rows = page.rows.slice(0, PAGE);
    for (const row of rows) {
      const doc = asReplicaDocument(row.doc);
      if (doc !== undefined) documents.push(doc);
    }
    progress(documents.length);
    const next = page.rows[PAGE];
    if (next === undefined) break;
    startkey = next.id;
  }
  const head = await remote.get<HeadDocument>(headDocumentId(tillId)).catch(() => undefined);
  if (head !== undefined) documents.push(head);
  return documents;
}

/**
 * `tillbase peers restore`: a dead till rebuilt on a new machine from a living till of its shop.
 * Pairs as that till (pairing-join.ts, pairAsRestored), fetches over mutual TLS a copy of the
 * living till's database and the dead till's documents from its replica, rebuilds the database in
 * one transaction (rebuild.ts), keeps the identity, and puts the documents in the new replica as
 * they were (same revisions), so the restored till writes none of them again and its next entry
 * continues their sequence.
 */
export async function restoreTill(options: RestoreTillOptions): Promise<RestoredTill> {
  const db = openDatabase(options.databaseFile);
  const copyFile = `${options.databaseFile}.peer-copy.tmp`;
  try {
    const tills = new TillsRepository(db);
    const paired = await pairAsRestored(
      { address: options.address, code: options.code, selfAddress: options.selfAddress, fingerprint: options.fingerprint, tillId: options.tillId },
      tills.tillId(),
    );
    const host = paired.membership.members[0];
    if (host === undefined) throw new Error('the living till named no till to restore from');
    options.progress(`paired as ${paired.membership.name} (${paired.tillId}); restoring from ${host.name} at ${host.address}`);
    const agent = agentOf(paired, host.id);
    try {
      await downloadShopCopy(host.address, agent, copyFile);
      // Migrated to this version's schema (or refused, if the peer runs a newer one) before its tables are read.
      openDatabase(copyFile).close();
      options.progress(`copied the shop's catalogue, settings and users from ${host.name}`);
      const remote = peerReplica(host.address, () => agent);
      const documents = await fetchDocuments(remote, paired.tillId, (count) => {
        options.progress(`documents fetched: ${count}`);
      });
      await remote.close();
      const entries = documents.filter((doc): doc is EntryDocument => doc.type === 'entry');
      // The head says how far the dead till's journal went (rewritten at most a second after its entries): a peer that holds
      // fewer is behind, and what another peer holds beyond it would be lost, its ids taken again by the restored till's next sales.
      const head = documents.find((doc) => doc.type === 'head');
      if (head !== undefined && head.till_sequence > entries.length)
        throw new Error(
          `${host.name} holds ${entries.length} of the ${head.till_sequence} entries ${paired.membership.name} made: restore from a till that holds them all (tillbase peers list shows how far behind each till is)`,
        );
      const summary = rebuildTill(db, { tillId: paired.tillId, copyFile, documents: entries });
      options.progress(`orders rebuilt: ${summary.orders} (${summary.refunds} refunds), journal entries: ${summary.entries}`);
      const identity = await new ShopIdentity({ tills, secrets: options.secrets }, paired.tillId).adopt(paired.membership, paired.tillKey);
      const local = openLocalReplica(replicaPouch(options.dataDir));
      try {
        // As they are, revisions included: the restored till's replica holds what the shop holds, no second revision of any.
        await local.bulkDocs(documents, { new_edits: false });
      } finally {
        await local.close();
      }
      return { identity, from: { id: host.id, name: host.name, address: host.address }, documents: entries.length, summary };
    } finally {
      agent.destroy();
    }
  } finally {
    db.close();
    for (const file of [copyFile, `${copyFile}-wal`, `${copyFile}-shm`]) rmSync(file, { force: true });
  }
}
