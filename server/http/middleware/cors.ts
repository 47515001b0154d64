import type { RequestHandler } from 'express';
import { ApiError } from '../../domain/errors.js';

const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link, Retry-After, Location, X-Tillbase-Sale-Copies';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-WCPOS-Idempotency-Key, X-HTTP-Method-Override, X-WCPOS, X-POS-Approval';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * Browser access (CONTRACT 8): the app's own origin, which is same-origin and needs no CORS, and the
 * configured `--allowed-origin` list. Requests from any other origin are refused before they run,
 * so a page elsewhere cannot make the till act even where the browser would hide the answer.
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined) {
      next();
      return;
    }
    const ownOrigin = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === ownOrigin) {
      next();
      return;
    }
    if (!allowed.has(origin)) {
      next(new ApiError(403, 'pos_rest_bad_origin', 'Requests from this origin are not allowed.', { origin }));
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
