import type { Router } from 'express';
import { z } from 'zod';
import { notFound } from '../../domain/errors.js';
import type { AppContext } from '../context.js';
import { sendAll, sendDocument, sendItem } from '../collection.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';

const peerParams = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a till id') });

/** Where the inviting till's pairing listener is, as its invitation shows it, and its code. */
const joinBody = z
  .object({
    address: z.string().regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253}):\d{1,5}$/, 'HOST:PORT of the inviting till, as its invitation shows it'),
    code: z.string().regex(/^\d{6}$/, 'the 6 digits the inviting till shows'),
    fingerprint: z
      .string()
      .regex(/^([0-9A-Fa-f]{2}:?){32}$/, "the shop CA's SHA-256 fingerprint, as the invitation shows it")
      .optional(),
  })
  .strict();

/**
 * The shop's other tills for the managers (issue 31, item 1), as `tillbase peers` gives them, and
 * the shop CA's certificate for a tablet to trust (the API listener's HTTPS is signed by it).
 */
export function createPeersRouter({ auth, logger, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { peers } = services.tills;

  routes.get('/peers', (req, res) => {
    sendAll(req, res, peers.list());
  });

  // The code is in the answer once, for the manager to read out; the till keeps only its SRP verifier.
  routes.post('/peers/invitations', async (req, res) => {
    const invitation = await peers.invite();
    logger.info({ user_id: principalOf(res).user.id, address: invitation.address, expires_at: invitation.expires_at }, 'tills: an invitation was made');
    sendItem(req, res, invitation, { location: `${req.baseUrl}/peers` });
  });

  // The code is never logged: only that a join was asked, where, and how it ended.
  routes.post('/peers/join', { body: joinBody }, async (req, res, { body }) => {
    const joined = await peers.join(body);
    logger.info({ user_id: principalOf(res).user.id, address: body.address, name: joined.name }, 'tills: this till joined a shop');
    sendItem(req, res, joined);
  });

  routes.delete('/peers/{id}', { params: peerParams }, (req, res, { params }) => {
    const removed = peers.remove(params.id);
    logger.info({ user_id: principalOf(res).user.id, till_id: removed.id }, 'tills: a till was removed');
    sendItem(req, res, removed);
  });

  // Public: a certificate is not a secret, and a tablet fetches it before it has a login.
  routes.get('/peers/ca.pem', (_req, res) => {
    const ca = peers.caCertificate();
    if (ca === undefined)
      throw notFound('peers_ca', 'This till has no shop CA yet: it is made by the first invitation (or by serving on a non-loopback --host).');
    res.setHeader('Content-Disposition', 'attachment; filename="tillbase-shop-ca.pem"');
    sendDocument(res, 'application/x-pem-file', ca);
  });

  return routes.router;
}
