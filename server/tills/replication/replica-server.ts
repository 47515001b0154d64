import { createRequire } from 'node:module';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { REPLICA_DATABASE } from './documents.js';
import type { ReplicaConstructor } from './pouch.js';

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

/**
 * Mounts the replica on the tills' router (served to paired tills only, over mutual TLS) at
 * `/replica`. express-pouchdb is an Express 4 application: under Express 5, `req.query` is a
 * getter of the request's prototype that the older application cannot set, so the request gets
 * an own, writable `query` it fills in itself.
 */
export function mountReplica(router: Router, pouch: ReplicaConstructor): void {
  // Loaded here, not with the module: a till alone never serves a replica.
  const expressPouchDB = requireCommonJs('express-pouchdb') as ExpressPouchDB;
  const replica = expressPouchDB(pouch, { mode: 'minimumForPouchDB' });
  router.use(REPLICA_PATH, replicationOnly, (req: Request, res: Response, next: NextFunction) => {
    Object.defineProperty(req, 'query', { value: undefined, writable: true, configurable: true, enumerable: true });
    replica(req, res, next);
  });
}
