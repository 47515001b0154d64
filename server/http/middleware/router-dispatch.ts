import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** A routers' first path segment that is not a fixed word (`:id`, an optional group, a pattern): it may match any request. */
const ANY_SEGMENT = Symbol('any segment');

/** The first segment of a router's route path, lower-cased as routing compares it, or ANY_SEGMENT. */
function routeSegment(path: unknown): string | typeof ANY_SEGMENT {
  if (typeof path !== 'string' || !path.startsWith('/')) return ANY_SEGMENT;
  const end = path.indexOf('/', 1);
  const segment = path.slice(1, end === -1 ? path.length : end);
  return /^[A-Za-z0-9_.-]*$/.test(segment) ? segment.toLowerCase() : ANY_SEGMENT;
}

/** The first segments a router can answer, or ANY_SEGMENT among them when it has middleware or a route that may match anything. */
function segmentsOf(router: Router): Set<string | typeof ANY_SEGMENT> {
  const segments = new Set<string | typeof ANY_SEGMENT>();
  for (const layer of router.stack) segments.add(layer.route ? routeSegment(layer.route.path) : ANY_SEGMENT);
  return segments;
}

/** The first segment of a request path relative to the mount point (`/products/12?x` → `products`), lower-cased. */
function requestSegment(url: string): string {
  let end = 1;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    if (code === 0x2f || code === 0x3f || code === 0x23) break; // '/', '?', '#'
    end++;
  }
  return url.slice(1, end).toLowerCase();
}

/**
 * The routers of one mount point, run in their order, but only those that have a route for the
 * request's first path segment (or may match any). Mounted one by one, every router that does not
 * answer costs a full scan of its routes and a turn of the event loop (Express leaves a router on
 * `setImmediate`), and a request for the fifteenth area went through fourteen others first. The
 * answer is the same: a skipped router has no route or middleware that could have matched.
 * Routers must have their routes when this is built, as `endpointRouter` mounts them all at creation.
 */
export function dispatchByFirstSegment(routers: readonly Router[]): RequestHandler {
  const segmentsByRouter = routers.map(segmentsOf);
  const anywhere = routers.filter((_router, index) => segmentsByRouter[index]?.has(ANY_SEGMENT));
  const bySegment = new Map<string, Router[]>();
  for (const segments of segmentsByRouter) {
    for (const segment of segments) {
      if (segment === ANY_SEGMENT || bySegment.has(segment)) continue;
      bySegment.set(
        segment,
        routers.filter((_router, index) => segmentsByRouter[index]?.has(segment) === true || segmentsByRouter[index]?.has(ANY_SEGMENT) === true),
      );
    }
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const chain = bySegment.get(requestSegment(req.url)) ?? anywhere;
    let index = 0;
    // A router calls back with nothing when no route of it answered (also after `next('router')`), or with an error.
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      const router = chain[index++];
      if (router === undefined) {
        next();
        return;
      }
      router(req, res, step);
    };
    step();
  };
}
