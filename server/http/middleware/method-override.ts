import type { RequestHandler } from 'express';
import { invalidParams } from '../../domain/errors.js';

const OVERRIDABLE = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * WordPress's method override for clients that can only send GET and POST: a POST with `?_method=X`
 * or `X-HTTP-Method-Override: X` is routed, authorised and answered as X. It runs before routing, so
 * the access policy of X applies (`POST /orders?_method=GET` is a read of the orders and creates
 * nothing). Only POST is overridden: a link or an image tag, which send GET, can never become a write.
 * The body's `_method` is not read: a body is parsed only after access is checked, and WordPress
 * itself takes the query parameter and the header.
 */
export function methodOverride(): RequestHandler {
  return (req, _res, next) => {
    if (req.method !== 'POST') {
      next();
      return;
    }
    const fromQuery = req.query._method;
    const requested = typeof fromQuery === 'string' ? fromQuery : req.get('X-HTTP-Method-Override');
    if (requested === undefined || requested === '') {
      next();
      return;
    }
    const method = requested.trim().toUpperCase();
    if (!OVERRIDABLE.has(method)) {
      next(invalidParams({ _method: `_method is not one of ${[...OVERRIDABLE].join(', ')}.` }));
      return;
    }
    req.method = method;
    next();
  };
}
