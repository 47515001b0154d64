import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { optionalPrincipalOf, principalOf } from '../middleware/access.js';
import { parseBody, parseParams } from '../validation.js';

const loginBody = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  password: z.string().min(1, 'password is required').max(1024),
});
const refreshBody = z.object({ refresh_token: z.string().min(1, 'refresh_token is required').max(4096) });
const sessionParams = z.object({ id: z.uuid('must be a session id') });

/** CONTRACT 2: login, refresh, logout, the token test and the caller's sessions. */
export function createAuthRouter({ auth }: AppContext): Router {
  const routes = endpointRouter(auth);

  routes.post('/auth/login', async (req, res) => {
    const { username, password } = parseBody(loginBody, req);
    res.json(await auth.login(username, password, { address: req.socket.remoteAddress ?? '', userAgent: req.get('user-agent') ?? '' }));
  });

  routes.post('/auth/refresh', async (req, res) => {
    const { refresh_token } = parseBody(refreshBody, req);
    res.json(await auth.refresh(refresh_token));
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

  routes.delete('/auth/sessions/{id}', (req, res) => {
    const { id } = parseParams(sessionParams, req);
    auth.revokeSession(principalOf(res), id);
    res.json({ revoked: true });
  });

  return routes.router;
}
