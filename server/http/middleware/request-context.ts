import type { Request, RequestHandler } from 'express';
import type { Capability } from '../../../shared/access.js';
import type { Principal } from '../../domain/auth/auth-service.js';
import { ApiError, invalidParams } from '../../domain/errors.js';
import type { HttpMethod } from '../../domain/access/policy.js';

export type RequestContext = 'view' | 'embed' | 'edit';
const CONTEXTS: readonly RequestContext[] = ['view', 'embed', 'edit'];

const CATALOGUE_READS = [
  '/products',
  '/products/{id}',
  '/products/variations',
  '/products/variations/{id}',
  '/products/{id}/variations',
  '/products/{id}/variations/{variation_id}',
  '/products/categories',
  '/products/categories/{id}',
  '/products/tags',
  '/products/tags/{id}',
  '/products/brands',
  '/products/brands/{id}',
  '/coupons',
  '/coupons/{id}',
];

/**
 * Who may read each WooCommerce resource in `context=edit`: whoever may change it. Tax rates and
 * classes have no write route here; they are store settings, which managers hold.
 */
const EDIT_CAPABILITY: ReadonlyMap<string, Capability> = new Map<string, Capability>([
  ...CATALOGUE_READS.map((path): [string, Capability] => [path, 'manage_products']),
  ['/orders', 'edit_orders'],
  ['/orders/{id}', 'edit_orders'],
  ['/orders/{id}/refunds', 'refund_orders'],
  ['/orders/{id}/refunds/{refund_id}', 'refund_orders'],
  ['/customers', 'edit_customers'],
  ['/customers/{id}', 'edit_customers'],
  ['/taxes', 'manage_pos'],
  ['/taxes/{id}', 'manage_pos'],
  ['/taxes/classes', 'manage_pos'],
]);

/** The capability `context=edit` needs on a GET route, or undefined where the route takes no WooCommerce `context`. */
export function editCapabilityOf(path: string): Capability | undefined {
  return EDIT_CAPABILITY.get(path);
}

/**
 * `context` as WordPress checks it on the WooCommerce resources: `view` (the default), `embed`, or
 * `edit` for a caller who may change the resource (`403 rest_forbidden_context` otherwise); any other
 * value is `400 rest_invalid_param`. Runs after access, so a caller without the route's capability
 * is refused for that first. The context is left in `res.locals.context` for the shapes.
 */
export function requestContext(method: HttpMethod, path: string): RequestHandler {
  const editCapability = method === 'GET' ? editCapabilityOf(path) : undefined;
  return (req, res, next) => {
    if (editCapability === undefined) {
      next();
      return;
    }
    const raw = req.query.context ?? 'view';
    if (typeof raw !== 'string' || !(CONTEXTS as readonly string[]).includes(raw)) {
      next(invalidParams({ context: `context is not one of ${CONTEXTS.join(', ')}.` }));
      return;
    }
    const principal = res.locals.principal as Principal | undefined;
    if (raw === 'edit' && !principal?.capabilities.includes(editCapability)) {
      next(
        new ApiError(403, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this resource.', {
          reason: 'missing_capability',
          capability: editCapability,
          current_user: principal?.user.id ?? 0,
          token_expired: false,
        }),
      );
      return;
    }
    res.locals.context = raw;
    next();
  };
}

/** The context a GET route was asked for (`view` unless `requestContext` accepted another). */
export function contextOf(req: Request): RequestContext {
  const value = req.res?.locals.context as RequestContext | undefined;
  return value ?? 'view';
}
