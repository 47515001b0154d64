import { createServer, type Server } from 'node:https';
import { TLSSocket } from 'node:tls';
import express, { type Express } from 'express';
import type { Logger } from '../../logging.js';
import type { PeerTill } from '../peer-network.js';
import type { ShopNetwork } from './shop-network.js';

/** What GET /tills/v1/hello answers: the till that answered. */
export interface TillHello {
  id: string;
  name: string;
}

/**
 * The tills' listener: mutual TLS, the shop CA the only one trusted, and nothing answered to a
 * caller without a shop certificate. It listens before the till is paired with no certificate at
 * all (every handshake fails) and takes one with `setSecureContext` once pairing made it, so a till
 * paired while it runs needs no restart.
 */
export function createTillsListener(network: ShopNetwork, logger: Logger): { server: Server; closeRemoved: () => void } {
  const app: Express = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const socket = req.socket;
    const peer = socket instanceof TLSSocket ? network.peerOf(socket.getPeerCertificate()) : undefined;
    if (peer === undefined) {
      socket.destroy();
      return;
    }
    res.locals.peer = peer satisfies PeerTill;
    network.seen(peer.id);
    next();
  });
  app.get('/tills/v1/hello', (_req, res) => {
    const self = network.self();
    if (self === undefined) {
      res.status(503).json({ code: 'tills_not_paired', message: 'This till is not paired.', data: { status: 503 } });
      return;
    }
    res.json({ id: self.id, name: self.name } satisfies TillHello);
  });
  app.use(network.router);

  const server = createServer({ requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.3' }, app);
  const open = new Set<TLSSocket>();
  // Before the HTTP parser's own listener: a removed till's socket is destroyed before any byte of HTTP is read.
  server.prependListener('secureConnection', (socket: TLSSocket) => {
    const peer = network.peerOf(socket.getPeerCertificate());
    if (peer === undefined) {
      logger.warn({ remote: socket.remoteAddress }, 'tills: refused a certificate of a removed or unknown till');
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.on('tlsClientError', (error: Error, socket: TLSSocket) => {
    logger.debug({ remote: socket.remoteAddress, reason: error.message }, 'tills: a handshake without a shop certificate was refused');
  });
  /** Ends the open connections of tills removed since they connected. */
  const closeRemoved = (): void => {
    for (const socket of open) if (network.peerOf(socket.getPeerCertificate()) === undefined) socket.destroy();
  };
  return { server, closeRemoved };
}
