import type { RequestHandler, Response } from 'express';
import type { AuthService, Principal } from '../../domain/auth/auth-service.js';
import type { Access } from '../../domain/access/policy.js';
import { ApiError } from '../../domain/errors.js';

const TOKEN_FAILURES = {
  token_invalid: { code: 'pos_auth_token_invalid', message: 'The access token is not valid.', token_expired: false },
  token_expired: { code: 'pos_auth_token_expired', message: 'The access token has expired.', token_expired: true },
  token_revoked: { code: 'pos_auth_token_revoked', message: 'The session of this access token has ended.', token_expired: false },
} as const;

/** The bearer token of a request, or undefined when it carries no credentials at all. */
function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A present but unusable Authorization header is a bad token, not a missing one.
  // Stryker disable next-line StringLiteral: any text that is not a signed token of ours is refused as token_invalid, '' or another.
  return match?.[1] ?? '';
}

/**
 * The one middleware that enforces the access policy of a route: authentication first
 * (401 without credentials, 403 with `current_user` 0 for a bad token), then the capability
 * (403 with the caller's id). Public routes see the principal too when a valid token is sent.
 */
export function requireAccess(access: Access, auth: AuthService): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === undefined) {
      if (access === 'public') {
        next();
        return;
      }
      next(new ApiError(401, 'pos_rest_unauthorized', 'You are not currently logged in.', { reason: 'no_token', current_user: 0 }));
      return;
    }
    const result = await auth.authenticate(token);
    if (!result.ok) {
      if (access === 'public') {
        next();
        return;
      }
      const failure = TOKEN_FAILURES[result.reason];
      next(new ApiError(403, failure.code, failure.message, { reason: result.reason, current_user: 0, token_expired: failure.token_expired }));
      return;
    }
    res.locals.principal = result.principal;
    if (access !== 'public' && access !== 'authenticated' && !result.principal.capabilities.includes(access)) {
      next(
        new ApiError(403, 'pos_rest_forbidden', 'Sorry, you are not allowed to do that.', {
          reason: 'missing_capability',
          capability: access,
          current_user: result.principal.user.id,
          token_expired: false,
        }),
      );
      return;
    }
    next();
  };
}

/** The authenticated caller of a protected route. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('principalOf used on a route without authentication');
  return principal;
}

export function optionalPrincipalOf(res: Response): Principal | undefined {
  return res.locals.principal as Principal | undefined;
}
