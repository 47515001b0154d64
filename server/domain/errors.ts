/**
 * Errors are values: a status, a WordPress-style code, a message for people and extra `data`.
 * The HTTP layer turns them into `{code, message, data: {status, ...}}` in one place
 * (server/http/middleware/errors.ts). Anything else thrown becomes a 500 without details.
 */
/**
 * Extra fields of an error body. `status` is reserved: the renderer sets it to the HTTP status, so a
 * domain value there (an order's status, say) would be silently lost; name such values otherwise.
 */
export type ErrorData = Record<string, unknown> & { status?: never };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: ErrorData = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `404 pos_rest_<resource>_invalid_id`, as CONTRACT section 4 names it. */
export function notFound(resource: string, message = 'Invalid ID.'): ApiError {
  return new ApiError(404, `pos_rest_${resource}_invalid_id`, message);
}

/** `400 rest_invalid_param` with `data.params` = `{name: message}`, as WordPress answers. */
export function invalidParams(params: Record<string, string>): ApiError {
  const names = Object.keys(params);
  return new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params });
}

/** A business rule refused the request: 400 with a specific code. */
export function badRequest(code: string, message: string, data: ErrorData = {}): ApiError {
  return new ApiError(400, code, message, data);
}

export function conflict(code: string, message: string, data: ErrorData = {}): ApiError {
  return new ApiError(409, code, message, data);
}
