import { randomBytes } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type Response } from 'express';
import { SRPServerSession, type SRPServerSessionStep1 } from 'tssrp6a';
import type { PairingRepository } from '../../data/repositories/pairing.js';
import type { TillsRepository } from '../../data/repositories/tills.js';
import { ApiError } from '../../domain/errors.js';
import { errorSummary, type Logger } from '../../logging.js';
import type { ShopIdentity } from '../identity/shop-identity.js';
import { SRP_IDENTITY, SRP_ROUTINES, seal, unseal } from './pairing-crypto.js';
import { finishBodySchema, joinRequestSchema, type JoinRequest } from './pairing-messages.js';
import { restoreTarget } from './restore-target.js';

/** Wrong codes that end an invitation. */
export const MAX_WRONG_CODES = 5;
/** A started exchange waits this long for its proof; then its one guess is gone. */
const SESSION_MS = 60_000;
/** Exchanges started and not finished at once: enough for a shop, too few to fill memory. */
const MAX_SESSIONS = 16;

interface PairingSession {
  invitationId: number;
  step: SRPServerSessionStep1;
  expires: number;
}

export interface PairingHostDeps {
  pairing: PairingRepository;
  tills: TillsRepository;
  identity: ShopIdentity;
  logger: Logger;
  /** This till's tills' listener address, as peers should use it (for the member list). */
  selfAddress: () => string;
  /** Called once a till has paired here. */
  onPaired: () => void;
}

function refuse(res: Response, error: ApiError): void {
  res.status(error.status).json({ code: error.code, message: error.message, data: { ...error.data, status: error.status } });
}

/**
 * The pairing listener's app (the inviting till's side): two requests, `start` (the open
 * invitation's salt and the SRP value B) and `finish` (the proof M1, one guess; on success the
 * till's certificate, the CA and the members, sealed under the session key).
 */
export function createPairingHost(deps: PairingHostDeps): Express {
  const sessions = new Map<string, PairingSession>();
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '256kb' }));

  app.post('/pairing/v1/start', async (_req, res) => {
    const now = Date.now();
    for (const [id, session] of sessions) if (session.expires < now) sessions.delete(id);
    const invitation = deps.pairing.openInvitation();
    if (invitation === undefined) {
      refuse(
        res,
        new ApiError(
          404,
          'pairing_no_invitation',
          'No invitation is open on this till (none made, or it expired, was used or ended after 5 wrong codes): invite again.',
        ),
      );
      return;
    }
    if (sessions.size >= MAX_SESSIONS) {
      refuse(res, new ApiError(429, 'pairing_busy', 'Too many pairings are under way on this till: try again in a minute.'));
      return;
    }
    const step = await new SRPServerSession(SRP_ROUTINES).step1(SRP_IDENTITY, BigInt(invitation.salt), BigInt(invitation.verifier));
    const session = randomBytes(18).toString('base64url');
    sessions.set(session, { invitationId: invitation.id, step, expires: now + SESSION_MS });
    res.json({ session, salt: invitation.salt, B: step.B.toString() });
  });

  app.post('/pairing/v1/finish', async (req, res) => {
    const body = finishBodySchema.safeParse(req.body);
    if (!body.success) {
      refuse(res, new ApiError(400, 'pairing_bad_request', 'The pairing request is not what Tillbase sends.'));
      return;
    }
    const session = sessions.get(body.data.session);
    // One guess per exchange: the session is gone whatever the proof says.
    sessions.delete(body.data.session);
    if (session === undefined || session.expires < Date.now() || deps.pairing.openInvitation()?.id !== session.invitationId) {
      refuse(res, new ApiError(404, 'pairing_no_invitation', 'This pairing attempt expired or its invitation ended: invite again.'));
      return;
    }
    let M2: bigint;
    let sharedSecret: bigint;
    try {
      M2 = await session.step.step2(BigInt(body.data.A), BigInt(body.data.M1));
      sharedSecret = await session.step.sessionKey(BigInt(body.data.A));
    } catch {
      const left = deps.pairing.countFailure(session.invitationId, MAX_WRONG_CODES);
      deps.logger.warn({ tries_left: left }, 'pairing: a wrong code');
      refuse(
        res,
        new ApiError(
          403,
          'pairing_wrong_code',
          left > 0
            ? `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : `Wrong code ${MAX_WRONG_CODES} times: the invitation has ended; invite again.`,
          { tries_left: left },
        ),
      );
      return;
    }
    let request: JoinRequest;
    try {
      request = joinRequestSchema.parse(unseal(sharedSecret, 'to-host', body.data.request));
    } catch {
      refuse(res, new ApiError(400, 'pairing_bad_request', 'The pairing request was not sealed under this exchange’s key.'));
      return;
    }
    if (request.restore !== undefined) {
      const target = restoreTarget({ tills: deps.tills, selfId: deps.identity.tillId }, request.restore.till_id);
      if (target instanceof ApiError) {
        refuse(res, target);
        return;
      }
      if (!deps.pairing.useInvitation(session.invitationId)) {
        refuse(res, new ApiError(404, 'pairing_no_invitation', 'The invitation ended while pairing: invite again.'));
        return;
      }
      const address = request.address === '' ? target.address : request.address;
      const membership = await deps.identity.readmit({ id: target.id, name: target.name, publicKey: request.public_key, address }, deps.selfAddress());
      deps.logger.info({ till_id: target.id, name: target.name, address }, 'pairing: a till was restored on a new machine');
      deps.onPaired();
      res.json({ M2: M2.toString(), membership: seal(sharedSecret, 'to-joiner', membership) });
      return;
    }
    const known = request.till_id === deps.identity.tillId ? deps.identity.current()?.name : deps.tills.peer(request.till_id);
    if (known !== undefined && (typeof known === 'string' || known.removed_gmt === null)) {
      const name = typeof known === 'string' ? known : known.name;
      refuse(
        res,
        new ApiError(
          409,
          'pairing_till_already_paired',
          `A till with this id (${request.till_id}) is already paired as ${name}: this one was set up from a copy of that till's data. ` +
            'Give it its own identity: start it on an empty data directory (a new till gets a new id) and pair that, or remove the other till first.',
        ),
      );
      return;
    }
    if (!deps.pairing.useInvitation(session.invitationId)) {
      refuse(res, new ApiError(404, 'pairing_no_invitation', 'The invitation ended while pairing: invite again.'));
      return;
    }
    const name = request.name ?? deps.identity.nextName();
    const membership = await deps.identity.admit({ id: request.till_id, name, publicKey: request.public_key, address: request.address }, deps.selfAddress());
    deps.logger.info({ till_id: request.till_id, name, address: request.address }, 'pairing: a till joined the shop');
    deps.onPaired();
    res.json({ M2: M2.toString(), membership: seal(sharedSecret, 'to-joiner', membership) });
  });

  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    deps.logger.error({ err: errorSummary(error) }, 'pairing: the request failed');
    refuse(res, new ApiError(500, 'pairing_failed', 'Pairing failed on this till; see its log.'));
  };
  app.use(onError);
  return app;
}
