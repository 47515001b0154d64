import type { Router } from 'express';
import { z } from 'zod';
import { APPROVAL_ACTIONS } from '../../domain/approvals/settings.js';
import { LoginThrottle } from '../../domain/auth/throttle.js';
import { pinSchema } from '../../domain/users/pins.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { optionalPrincipalOf, principalOf } from '../middleware/access.js';

/** A password, or a PIN for switching at a till (CONTRACT 2 as extended: the same session either way). */
const loginBody = z
  .object({
    username: z.string().trim().min(1, 'username is required').max(254),
    password: z.string().min(1, 'password is required').max(1024).optional(),
    pin: pinSchema.optional(),
  })
  .refine((body) => (body.pin === undefined) !== (body.password === undefined), { message: 'send either password or pin', path: ['password'] });
const refreshBody = z.object({ refresh_token: z.string().min(1, 'refresh_token is required').max(4096) });
const sessionParams = z.object({ id: z.uuid('must be a session id') });
const pinBody = z.object({ pin: pinSchema.nullable(), current_password: z.string().min(1, 'current_password is required').max(1024) });
const approvalBody = z
  .object({
    username: z.string().trim().min(1, 'username is required').max(254),
    pin: z.string().min(1).max(64).optional(),
    password: z.string().min(1).max(1024).optional(),
    action: z.enum(APPROVAL_ACTIONS, { error: `action must be one of ${APPROVAL_ACTIONS.join(', ')}` }),
    order_id: z.number().int().positive('must be an order id').optional(),
  })
  .refine((body) => (body.pin === undefined) !== (body.password === undefined), { message: 'send either pin or password', path: ['pin'] });

/** CONTRACT 2: login, refresh, logout, the token test and the caller's sessions. */
export function createAuthRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { approvals, users: management } = services;
  // PINs are short: failed PIN and approval attempts are throttled like logins, on a counter of their own.
  const tillThrottle = new LoginThrottle();

  routes.post('/auth/login', { body: loginBody }, async (req, res, { body }) => {
    const { username, password, pin } = body;
    const credential = pin !== undefined ? { pin } : (password ?? '');
    res.json(await auth.login(username, credential, { address: req.socket.remoteAddress ?? '', userAgent: req.get('user-agent') ?? '' }, tillThrottle));
  });

  routes.post('/auth/refresh', { body: refreshBody }, async (_req, res, { body }) => {
    res.json(await auth.refresh(body.refresh_token));
  });

  routes.post('/auth/logout', (_req, res) => {
    auth.logout(principalOf(res));
    res.json({ revoked: true });
  });

  routes.get('/auth/test', (_req, res) => {
    const principal = optionalPrincipalOf(res);
    res.json({ authenticated: principal !== undefined, user_id: principal?.user.id ?? 0 });
  });

  routes.get('/auth/sessions', (_req, res) => {
    res.json(auth.listSessions(principalOf(res)));
  });

  routes.delete('/auth/sessions/{id}', { params: sessionParams }, (_req, res, { params }) => {
    auth.revokeSession(principalOf(res), params.id);
    res.json({ revoked: true });
  });

  routes.post('/auth/pin', { body: pinBody }, async (req, res, { body }) => {
    const { pin, current_password } = body;
    await management.setOwnPin(principalOf(res), pin, current_password, req.socket.remoteAddress ?? '', tillThrottle);
    res.json({ has_pin: pin !== null });
  });

  routes.post('/auth/approvals', { body: approvalBody }, async (req, res, { body }) => {
    const credential = body.pin !== undefined ? { pin: body.pin } : { password: body.password ?? '' };
    const approval = await approvals.issue(
      principalOf(res),
      { username: body.username, credential, action: body.action, orderId: body.order_id },
      req.socket.remoteAddress ?? '',
      tillThrottle,
    );
    res.status(201).json(approval);
  });

  return routes.router;
}
