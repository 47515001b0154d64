import { mkdirSync } from 'node:fs';
import type { Agent } from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPLICA_DATABASE, type MembershipDocument, type ReplicaDocument } from './documents.js';

/*
 * PouchDB's own types (@types/pouchdb-*) pull the DOM's lib into the server's compilation, which
 * retypes Node's Buffer for every file; the few calls made here are typed here instead, and the
 * package is loaded as the CommonJS module it is.
 */

/** A write's answer per document: its new revision, or why it was refused (409: held already). */
export type WriteResult = { ok: true; id: string; rev: string } | { error: true | string; id: string; status?: number; message?: string; name?: string };

export interface ChangeRow {
  id: string;
  seq: number | string;
  doc?: unknown;
  deleted?: boolean;
  /** The document's leaf revisions (with `style: 'all_docs'`, a conflict's losers too). */
  changes?: { rev: string }[];
}

export interface ChangesFeed {
  on(event: 'change', listener: (change: ChangeRow) => void): ChangesFeed;
  on(event: 'error', listener: (error: unknown) => void): ChangesFeed;
  on(event: 'complete', listener: () => void): ChangesFeed;
  cancel(): void;
}

export interface ReplicationInfo {
  docs_written?: number;
  change?: { docs_written: number };
  direction?: 'push' | 'pull';
}

/** A live replication and what it tells. */
export interface Replication {
  on(event: 'change', listener: (info: ReplicationInfo) => void): Replication;
  on(event: 'paused' | 'error', listener: (error: unknown) => void): Replication;
  on(event: 'active' | 'complete', listener: () => void): Replication;
  cancel(): void;
}

export interface ReplicaDatabase {
  allDocs(options: {
    descending?: boolean;
    startkey?: string;
    endkey?: string;
    limit?: number;
    include_docs?: boolean;
  }): Promise<{ rows: { id: string; doc?: unknown }[] }>;
  get<T extends ReplicaDocument | MembershipDocument>(id: string): Promise<T & { _rev: string }>;
  /** Every leaf revision of the document: the one PouchDB shows, and those it lost a conflict to (deleted ones have `_deleted`). */
  get(id: string, options: { open_revs: 'all' }): Promise<{ ok?: unknown; missing?: string }[]>;
  put(doc: ReplicaDocument | MembershipDocument): Promise<{ ok: true; id: string; rev: string }>;
  bulkDocs(docs: ReplicaDocument[], options?: { new_edits?: boolean }): Promise<WriteResult[]>;
  changes(options: { live: boolean; since: number | string; include_docs: boolean; batch_size?: number; style?: 'all_docs' }): ChangesFeed;
  readonly replicate: { from(remote: ReplicaDatabase, options: SyncOptions): Replication };
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  close(): Promise<void>;
}

export interface SyncOptions {
  live: boolean;
  retry: boolean;
  batch_size?: number;
  back_off_function?: (delay: number) => number;
  checkpoint?: 'source' | 'target' | false;
}

type Fetch = (url: string, options: Record<string, unknown>) => Promise<unknown>;

export interface ReplicaConstructor {
  new (name: string, options?: { skip_setup?: boolean; fetch?: Fetch }): ReplicaDatabase;
  prototype: { setMaxListeners(count: number): void };
  defaults(options: { prefix: string }): ReplicaConstructor;
  fetch: Fetch;
}

const requireCommonJs = createRequire(import.meta.url);
let loaded: ReplicaConstructor | undefined;

/**
 * PouchDB for Node (LevelDB on disk, HTTP to peers), loaded when first asked for: it takes some
 * 200 ms to load, which a till alone (never paired) does not spend at every start.
 */
export function pouchDB(): ReplicaConstructor {
  if (loaded === undefined) {
    loaded = requireCommonJs('pouchdb-node') as ReplicaConstructor;
    /*
     * Each live changes feed of a database (the projection's, one per peer replicating from it,
     * one per peer pulling from its server) adds a passing listener to it at every change; with a
     * few peers that passes Node's warning threshold of 10 without any leak. Set on the
     * prototype, so the instances express-pouchdb makes get it too.
     */
    loaded.prototype.setMaxListeners(100);
  }
  return loaded;
}

/** The folder of the data directory the replica's LevelDB files are kept in. */
export const REPLICA_FOLDER = 'replica';

/** PouchDB over the data directory's replica folder (made 0700, as the data directory itself). */
export function replicaPouch(dataDir: string): ReplicaConstructor {
  const folder = join(dataDir, REPLICA_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return pouchDB().defaults({ prefix: `${folder}/` });
}

export function openLocalReplica(pouch: ReplicaConstructor): ReplicaDatabase {
  return new pouch(REPLICA_DATABASE);
}

/**
 * A peer's replica at `https://<address>/replica/journal`: every request goes with this till's
 * certificate through `agent()` (read per request: pairing may renew it), the shop CA pinned.
 */
export function peerReplica(address: string, agent: () => Agent | undefined): ReplicaDatabase {
  const PouchDB = pouchDB();
  const remote = new PouchDB(`https://${address}/replica/${REPLICA_DATABASE}`, {
    skip_setup: true,
    fetch: (url, options) => PouchDB.fetch(url, { ...options, agent: agent() }),
  });
  /*
   * After each batch pulled, PouchDB asks the source's info for its progress report and chains a
   * `then` without a `catch` on it: a peer that drops at that moment would be an unhandled
   * rejection, which ends the process. The info of a peer is asked for nothing else the
   * replication depends on (its checkpoints and changes fail and retry on their own), so one that
   * does not answer reports an empty database instead.
   */
  const info = remote.info.bind(remote);
  remote.info = () => info().catch(() => ({ doc_count: 0, update_seq: 0 }));
  return remote;
}
