import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import type { RouteAnswers } from '../../shared/route-answers.js';
import type { AuthService } from '../domain/auth/auth-service.js';
import { findPolicy, type EndpointPolicy, type HttpMethod } from '../domain/access/policy.js';
import { auditQuery, isSyncAudit } from './collection.js';
import { requireAccess } from './middleware/access.js';
// Bodies are parsed after access is checked, so a refused caller never gets as far as validation.
import { parseBody as readJsonBody } from './middleware/body-parsers.js';
import { editCapabilityOf, requestContext } from './middleware/request-context.js';
import { parseBody, parseParams, parseQuery, parseWith } from './validation.js';

/**
 * The request schemas a route is mounted with: what it validates its path parameters, query string
 * and body with, and what the OpenAPI document and the namespace index say it takes.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The answer's schema, for the OpenAPI document only, where a zod schema describes the JSON answer
   * exactly (its output is what the handler sends): settings stored by their schema, the receipt's data.
   */
  answer?: z.ZodType;
  /** A body that is a file as it is (a CSV), not JSON: its media type, and the step that reads it into `req.body`. */
  rawBody?: { mediaType: string; read: RequestHandler };
  /**
   * The collection answers the offline-sync audit (`per_page=-1`, collection.ts `isSyncAudit`): its
   * query is then validated without the paging, which does not apply to an audit.
   */
  syncAudit?: boolean;
}

type Parsed<S, K extends 'params' | 'query' | 'body'> = S extends Record<K, infer T extends z.ZodType> ? z.output<T> : undefined;

/** What a route's handler is given: its path parameters, query and body, each validated with the schema it was mounted with. */
export interface RouteInput<S extends RouteSchemas> {
  params: Parsed<S, 'params'>;
  query: Parsed<S, 'query'>;
  body: Parsed<S, 'body'>;
}

/**
 * What a route answers, from the shared map of answers (shared/route-answers.ts), else from the
 * answer's schema it is mounted with: the route's handler is given a response typed by its answer,
 * so sending anything else fails the typecheck.
 */
export type AnswerOf<Method extends HttpMethod, Path extends string, S extends RouteSchemas = RouteSchemas> = `${Method} ${Path}` extends keyof RouteAnswers
  ? RouteAnswers[`${Method} ${Path}`]
  : S extends { answer: infer Answer extends z.ZodType }
    ? z.output<Answer>
    : unknown;

/**
 * A route's handler. Written where it is mounted, its response is typed by the route's answer. The
 * parameters are compared both ways (a method's), so that one handler written apart for several
 * routes with different answers (the catalogue's lists) can be typed with `unknown` as its answer.
 */
export type RouteHandler<S extends RouteSchemas, Answer = unknown> = {
  handle(req: Request, res: Response<Answer>, input: RouteInput<S>): void | Promise<void>;
}['handle'];

interface Mount<Method extends HttpMethod> {
  /** A route that reads nothing of the request but what the access check and the response helpers read. */
  <const Path extends string>(path: Path, handler: RouteHandler<RouteSchemas, AnswerOf<Method, Path>>): void;
  <const Path extends string, const S extends RouteSchemas>(path: Path, schemas: S, handler: RouteHandler<S, AnswerOf<Method, Path, S>>): void;
}

export interface EndpointRouter {
  router: Router;
  get: Mount<'GET'>;
  post: Mount<'POST'>;
  patch: Mount<'PATCH'>;
  put: Mount<'PUT'>;
  delete: Mount<'DELETE'>;
}

/** A mounted route: its entry in the access policy and the schemas it validates with. */
export interface MountedRoute extends EndpointPolicy {
  schemas: RouteSchemas;
}

const mountedByRouter = new WeakMap<Router, MountedRoute[]>();

/** The routes mounted on a router made by `endpointRouter`, in the order they were mounted. */
export function mountedRoutesOf(router: Router): readonly MountedRoute[] {
  return mountedByRouter.get(router) ?? [];
}

/** Validates the request with the route's schemas, in the order params, query, body: the first refusal is the answer. */
function inputOf(schemas: RouteSchemas, req: Request): RouteInput<RouteSchemas> {
  const params: unknown = schemas.params === undefined ? undefined : parseParams(schemas.params, req);
  let query: unknown;
  if (schemas.query !== undefined)
    query = schemas.syncAudit === true && isSyncAudit(req) ? parseWith(schemas.query, auditQuery(req)) : parseQuery(schemas.query, req);
  const body: unknown = schemas.body === undefined ? undefined : parseBody(schemas.body, req);
  return { params, query, body } as RouteInput<RouteSchemas>;
}

/**
 * A router whose routes can only be mounted through the access policy, each with the schemas of its
 * request: each one runs, in order, authentication and capability (the policy's one middleware), the
 * `context` check where the route takes one, body parsing where the method has a body, then the
 * validation of its params, query and body, then its handler with what was validated. Mounting a
 * route that the policy does not list throws at start-up, so the two cannot drift; the schemas are
 * recorded (`mountedRoutesOf`), and the OpenAPI document is built from them, so the document and the
 * validation cannot drift either. Steps a route does not need are left out rather than passed
 * through: every step costs each request a turn of Express's router.
 */
export function endpointRouter(auth: AuthService): EndpointRouter {
  const router = express.Router();
  const mounted: MountedRoute[] = [];
  mountedByRouter.set(router, mounted);
  const mount =
    <Method extends HttpMethod>(method: Method): Mount<Method> =>
    (path: string, ...rest: [RouteHandler<RouteSchemas>] | [RouteSchemas, RouteHandler<RouteSchemas>]) => {
      const [schemas, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
      const policy = findPolicy(method, path);
      if (!policy) throw new Error(`${method} ${path} has no entry in the access policy`);
      mounted.push({ ...policy, schemas });
      const expressPath = path.replace(/\{(\w+)\}/g, ':$1');
      const checkAccess = requireAccess(policy.access, auth);
      const enter: RequestHandler = (req, res, next) => {
        res.locals.endpoint = path;
        return checkAccess(req, res, next);
      };
      const steps: RequestHandler[] = [enter];
      if (method === 'GET' && editCapabilityOf(path) !== undefined) steps.push(requestContext(method, path));
      // A GET's body means nothing here (nor in WordPress's routes): it is not read, also under `_method=GET`.
      if (method !== 'GET') steps.push(readJsonBody);
      if (schemas.rawBody !== undefined) steps.push(schemas.rawBody.read);
      const run: RequestHandler = (req, res) => handler(req, res, inputOf(schemas, req));
      const routeFor = { GET: router.get, POST: router.post, PATCH: router.patch, PUT: router.put, DELETE: router.delete }[method].bind(router);
      routeFor(expressPath, ...steps, run);
    };
  return { router, get: mount('GET'), post: mount('POST'), patch: mount('PATCH'), put: mount('PUT'), delete: mount('DELETE') };
}
