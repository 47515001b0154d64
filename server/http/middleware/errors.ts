import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '../../../shared/api.js';
import type { LogsRepository } from '../../data/repositories/logs.js';
import { ApiError } from '../../domain/errors.js';
import type { Logger } from '../../logging.js';

/** The body-parser failures that are the client's fault, in WordPress's terms. */
function fromBodyParser(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch ((error).type) {
    case 'entity.parse.failed':
      return new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
    case 'entity.too.large':
      return new ApiError(413, 'rest_request_too_large', 'The request body is larger than 1 MiB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, 'rest_unsupported_media_type', 'The request body encoding is not supported.');
    default:
      return undefined;
  }
}

/** The policy path of the route that answered (`/orders/{id}`), or the raw path when none did. */
function routeOf(req: Request, res: Response): string {
  return (res.locals.endpoint as string | undefined) ?? req.path;
}

export function noRoute(): RequestHandler {
  return (_req, _res, next) => {
    next(new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.'));
  };
}

/**
 * The one place where errors become responses: `{code, message, data: {status, ...}}` with the
 * HTTP status equal to `data.status`. Access failures (401, 403) are written once to the log with
 * method, route, reason and user id; unexpected faults are logged in full and answered without detail.
 */
export function errorResponder(logger: Logger, logs: LogsRepository): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let apiError = error instanceof ApiError ? error : fromBodyParser(error);
    if (!apiError) {
      logger.error({ err: error, method: req.method, route: routeOf(req, res) }, 'unexpected error while handling a request');
      apiError = new ApiError(500, 'pos_internal_error', 'An unexpected error occurred. The details are in the server log.');
    }
    if (apiError.status === 401 || apiError.status === 403) {
      const context = {
        method: req.method,
        route: routeOf(req, res),
        reason: typeof apiError.data.reason === 'string' ? apiError.data.reason : apiError.code,
        user_id: typeof apiError.data.current_user === 'number' ? apiError.data.current_user : 0,
        status: apiError.status,
        code: apiError.code,
      };
      logger.warn(context, 'access refused');
      logs.add({ level: 'warning', source: 'access', message: `${context.method} ${context.route} refused: ${context.reason}`, context });
    }
    if (apiError.status === 429 && typeof apiError.data.retry_after === 'number') res.setHeader('Retry-After', String(apiError.data.retry_after));
    const body: ApiErrorBody = { code: apiError.code, message: apiError.message, data: { ...apiError.data, status: apiError.status } };
    res.status(apiError.status).json(body);
  };
}
