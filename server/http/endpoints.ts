import express, { type RequestHandler, type Router } from 'express';
import type { AuthService } from '../domain/auth/auth-service.js';
import { findPolicy, type HttpMethod } from '../domain/access/policy.js';
import { requireAccess } from './middleware/access.js';
// Bodies are parsed after access is checked, so a refused caller never gets as far as validation.
import { bodyParsers } from './middleware/body-parsers.js';
import { requestContext } from './middleware/request-context.js';

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
 * authentication and capability (the policy's one middleware), body parsing, then its handlers.
 * Mounting a route that the policy does not list throws at start-up, so the two cannot drift.
 */
export function endpointRouter(auth: AuthService): EndpointRouter {
  const router = express.Router();
  const mount =
    (method: HttpMethod): Mount =>
    (path, ...handlers) => {
      const policy = findPolicy(method, path);
      if (!policy) throw new Error(`${method} ${path} has no entry in the access policy`);
      const expressPath = path.replace(/\{(\w+)\}/g, ':$1');
      const markEndpoint: RequestHandler = (_req, res, next) => {
        res.locals.endpoint = path;
        next();
      };
      const routeFor = { GET: router.get, POST: router.post, PATCH: router.patch, PUT: router.put, DELETE: router.delete }[method].bind(router);
      routeFor(expressPath, markEndpoint, requireAccess(policy.access, auth), requestContext(method, path), ...bodyParsers, ...handlers);
    };
  return { router, get: mount('GET'), post: mount('POST'), patch: mount('PATCH'), put: mount('PUT'), delete: mount('DELETE') };
}
