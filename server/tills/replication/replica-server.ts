import { createRequire } from 'node:module';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { asReplicaDocument, entryDocumentFault, REPLICA_DATABASE, type EntryDocument } from './documents.js';
import type { ReplicaConstructor, ReplicaDatabase } from './pouch.js';

/** Where a till serves its replica on the tills' listener: `https://<address>/replica/journal`. */
export const REPLICA_PATH = '/replica';

const requireCommonJs = createRequire(import.meta.url);
type ExpressPouchDB = (pouch: ReplicaConstructor, options: { mode: 'minimumForPouchDB' }) => RequestHandler;

/**
 * What a peer's pull asks of the replica (the CouchDB replication protocol): the server and the
 * database's info, the changes, the documents in bulk and its checkpoints. Nothing else is served:
 * no other database, no deletion, no views, no compaction; the one write of documents is a peer's
 * offer of its own new entries (`takeOffer`).
 */
const REPLICATION_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/$/ },
  { method: 'GET', path: new RegExp(`^/${REPLICA_DATABASE}/?$`) },
  { method: 'GET', path: new RegExp(`^/${REPLICA_DATABASE}/_changes$`) },
  { method: 'POST', path: new RegExp(`^/${REPLICA_DATABASE}/_changes$`) },
  { method: 'POST', path: new RegExp(`^/${REPLICA_DATABASE}/_bulk_get$`) },
  { method: 'GET', path: new RegExp(`^/${REPLICA_DATABASE}/_all_docs$`) },
  { method: 'POST', path: new RegExp(`^/${REPLICA_DATABASE}/_all_docs$`) },
  { method: 'GET', path: new RegExp(`^/${REPLICA_DATABASE}/_local/[^/]+$`) },
  { method: 'PUT', path: new RegExp(`^/${REPLICA_DATABASE}/_local/[^/]+$`) },
  { method: 'GET', path: new RegExp(`^/${REPLICA_DATABASE}/[^_/][^/]*$`) },
];

function replicationOnly(req: Request, res: Response, next: NextFunction): void {
  // The handshake checked the certificate; a till removed since, on a connection opened before, is no longer a peer.
  if (res.locals.peer === undefined) {
    res.status(403).json({ error: 'forbidden', reason: 'This till is not paired with the shop.' });
    return;
  }
  const path = req.path;
  if (REPLICATION_ROUTES.some((route) => route.method === req.method && route.path.test(path))) {
    next();
    return;
  }
  res.status(403).json({ error: 'forbidden', reason: 'Only the replication of the journal is served to the tills.' });
}

/** The path of a peer's offer of its new entries (peer-replication.ts, `offer`). */
const OFFER_PATH = `/${REPLICA_DATABASE}/_bulk_docs`;

/** Revisions as PouchDB gives a document written once: an entry is never changed, so it has only its first. */
const FIRST_REVISION = /^1-[0-9a-f]{32}$/;

/**
 * A peer's offer of its new entries, as a replication writes them (`_bulk_docs` with their
 * revisions, `new_edits: false`): stored only when every document is an entry of the calling till
 * itself, at its first revision, whose hash covers its contents. A till may write into another's
 * replica nothing its pull would not have fetched from it anyway, and nothing of a third till.
 */
function takeOffer(local: ReplicaDatabase): RequestHandler {
  return (req, res, next) => {
    const peer = (res.locals.peer as { id: string } | undefined)?.id;
    const offer = req.body as { docs?: unknown; new_edits?: unknown } | undefined;
    const docs = Array.isArray(offer?.docs) ? offer.docs : [];
    const entries = docs.map((doc) => asReplicaDocument(doc)).filter((doc): doc is EntryDocument => doc?.type === 'entry');
    const own = entries.every(
      (doc) => doc.till.id === peer && typeof doc._rev === 'string' && FIRST_REVISION.test(doc._rev) && entryDocumentFault(doc) === undefined,
    );
    if (peer === undefined || offer?.new_edits !== false || docs.length === 0 || entries.length !== docs.length || !own) {
      res.status(403).json({ error: 'forbidden', reason: 'A till offers only its own journal entries, as written.' });
      return;
    }
    local.bulkDocs(entries, { new_edits: false }).then(
      () => res.status(201).json([]),
      (failure: unknown) => {
        next(failure);
      },
    );
  };
}

/** Who hears of a peer's checkpoint written here: read back from `local` once the write is answered. */
export interface CheckpointWatch {
  local: ReplicaDatabase;
  checkpoint: (change: number, peerId: string) => void;
}

const CHECKPOINT_PATH = new RegExp(`^/${REPLICA_DATABASE}/(_local/[^/]+)$`);

/**
 * A peer's pull writes its checkpoint here after each batch it has stored (second-copies.ts): once
 * the write is answered, the checkpoint is read back from the replica, which parsed and kept it,
 * rather than reading the request's body beside express-pouchdb's own reading of it.
 */
function watchCheckpoint(req: Request, res: Response, watch: CheckpointWatch): void {
  const id = req.method === 'PUT' ? CHECKPOINT_PATH.exec(req.path)?.[1] : undefined;
  const peer = (res.locals.peer as { id: string } | undefined)?.id;
  if (id === undefined || peer === undefined) return;
  res.once('finish', () => {
    if (res.statusCode >= 300) return;
    watch.local
      .get(decodeURIComponent(id))
      .then((doc) => {
        const change = Number((doc as { last_seq?: unknown }).last_seq);
        if (Number.isSafeInteger(change)) watch.checkpoint(change, peer);
      })
      // Closed under it (the till stopping): the next checkpoint says the same.
      .catch(() => undefined);
  });
}

/**
 * Mounts the replica on the tills' router (served to paired tills only, over mutual TLS) at
 * `/replica`. express-pouchdb is an Express 4 application: under Express 5, `req.query` is a
 * getter of the request's prototype that the older application cannot set, so the request gets
 * an own, writable `query` it fills in itself.
 */
export function mountReplica(router: Router, pouch: ReplicaConstructor, checkpoints?: CheckpointWatch): void {
  // Loaded here, not with the module: a till alone never serves a replica.
  const expressPouchDB = requireCommonJs('express-pouchdb') as ExpressPouchDB;
  const replica = expressPouchDB(pouch, { mode: 'minimumForPouchDB' });
  if (checkpoints !== undefined) router.post(`${REPLICA_PATH}${OFFER_PATH}`, express.json({ limit: '20mb' }), takeOffer(checkpoints.local));
  router.use(REPLICA_PATH, replicationOnly, (req: Request, res: Response, next: NextFunction) => {
    if (checkpoints !== undefined) watchCheckpoint(req, res, checkpoints);
    Object.defineProperty(req, 'query', { value: undefined, writable: true, configurable: true, enumerable: true });
    replica(req, res, next);
  });
}
