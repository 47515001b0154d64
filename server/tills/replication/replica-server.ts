import { createRequire } from 'node:module';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { REPLICA_DATABASE } from './documents.js';
import type { ReplicaConstructor, ReplicaDatabase } from './pouch.js';

/** Where a till serves its replica on the tills' listener: `https://<address>/replica/journal`. */
export const REPLICA_PATH = '/replica';

const requireCommonJs = createRequire(import.meta.url);
type ExpressPouchDB = (pouch: ReplicaConstructor, options: { mode: 'minimumForPouchDB' }) => RequestHandler;

/**
 * What a peer's pull asks of the replica (the CouchDB replication protocol): the server and the
 * database's info, the changes, the documents in bulk and its checkpoints. Nothing else is served:
 * no other database, no writes of documents (each till pulls what it wants, so no till writes into
 * another's replica), no deletion, no views, no compaction.
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
  router.use(REPLICA_PATH, replicationOnly, (req: Request, res: Response, next: NextFunction) => {
    if (checkpoints !== undefined) watchCheckpoint(req, res, checkpoints);
    Object.defineProperty(req, 'query', { value: undefined, writable: true, configurable: true, enumerable: true });
    replica(req, res, next);
  });
}
