import express, { type RequestHandler, type Router } from 'express';
import type { AuthService } from '../domain/auth/auth-service.js';
import { findPolicy, type HttpMethod } from '../domain/access/policy.js';
import { requireAccess } from './middleware/access.js';
// Bodies are parsed after access is checked, so a refused caller never gets as far as validation.
import { parseBody } from './middleware/body-parsers.js';
import { editCapabilityOf, requestContext } from './middleware/request-context.js';

type Mount = (path: string, ...handlers: RequestHandler[]) => void;

export interface EndpointRouter {
  router: Router;
  get: Mount;
  post: Mount;
  patch: Mount;
  put: Mount;
  delete: Mount;
}


/**
 * A router whose routes can only be mounted through the access policy: each one runs, in order,
 * authentication and capability (the policy's one middleware), the `context` check where the route
 * takes one, body parsing where the method has a body, then its handlers. Mounting a route that the
 * policy does not list throws at start-up, so the two cannot drift. Steps a route does not need are
 * left out rather than passed through: every step costs each request a turn of Express's router.
 */
export function endpointRouter(auth: AuthService): EndpointRouter {
  const router = express.Router();
  const mount =
    (method: HttpMethod): Mount =>
    (path, ...handlers) => {
      const policy = findPolicy(method, path);
      if (!policy) throw new Error(`${method} ${path} has no entry in the access policy`);
      const expressPath = path.replace(/\{(\w+)\}/g, ':$1');
      const checkAccess = requireAccess(policy.access, auth);
      const enter: RequestHandler = (req, res, next) => {
        res.locals.endpoint = path;
        return checkAccess(req, res, next);
      };
      const steps: RequestHandler[] = [enter];
      if (method === 'GET' && editCapabilityOf(path) !== undefined) steps.push(requestContext(method, path));
      // A GET's body means nothing here (nor in WordPress's routes): it is not read, also under `_method=GET`.
      if (method !== 'GET') steps.push(parseBody);
      const routeFor = { GET: router.get, POST: router.post, PATCH: router.patch, PUT: router.put, DELETE: router.delete }[method].bind(router);
      routeFor(expressPath, ...steps, ...handlers);
    };
  return { router, get: mount('GET'), post: mount('POST'), patch: mount('PATCH'), put: mount('PUT'), delete: mount('DELETE') };
}
