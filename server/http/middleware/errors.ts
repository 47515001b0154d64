import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '../../../shared/api.js';
import type { LogsRepository } from '../../data/repositories/logs.js';
import { ApiError } from '../../domain/errors.js';
import { errorSummary, type Logger } from '../../logging.js';
import { MAX_JSON_DEPTH } from './body-parsers.js';

/** The status of an error that Express or its body parsers raised for the client's bytes (a 4xx), if any. */
function clientStatusOf(error: object): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * The failures of request parsing that are the client's fault, in WordPress's terms: broken JSON,
 * bodies too large, too deep or with too many fields, unknown or undecodable encodings, broken
 * percent-encoding in the path. Their messages are ours: a parser's own message may quote the body.
 */
function fromRequestParsing(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const type = (error as { type?: unknown }).type;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
    case 'entity.too.large':
      return new ApiError(413, 'rest_request_too_large', 'The request body is larger than 1 MiB.');
    case 'entity.too.deep':
      return new ApiError(400, 'rest_invalid_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    case 'parameters.too.many':
      return new ApiError(413, 'rest_request_too_large', 'The form body has too many fields.');
    case 'querystring.parse.rangeError':
      return new ApiError(400, 'rest_invalid_body', 'The form body nests too deeply.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, 'rest_unsupported_media_type', 'The request body encoding is not supported.');
    default:
      break;
  }
  const status = clientStatusOf(error);
  if (status === undefined) return undefined;
  if (error instanceof URIError || (error as { message?: unknown }).message === 'Failed to decode param') {
    return new ApiError(400, 'rest_invalid_url', 'The request path is not valid percent-encoding.');
  }
  // A body whose Content-Encoding does not decode (gzip over plain text, say), and the like.
  return new ApiError(status, 'rest_invalid_body', 'The request body could not be read.');
}

/**
 * The policy path of the route that answered (`/orders/{id}`). A request refused before routing (a
 * foreign Host or Origin) names none: its raw path is the client's text and may hold anything.
 */
function routeOf(res: Response): string {
  return (res.locals.endpoint as string | undefined) ?? '(before routing)';
}

export function noRoute(): RequestHandler {
  return (_req, _res, next) => {
    next(new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.'));
  };
}

/**
 * The one place where errors become responses: `{code, message, data: {status, ...}}` with the
 * HTTP status equal to `data.status`. Access failures (401, 403) are written once to the log with
 * method, route, reason and user id; unexpected faults are logged as a summary (errorSummary, never the
 * request) and answered without detail.
 */
export function errorResponder(logger: Logger, logs: LogsRepository): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let apiError = error instanceof ApiError ? error : fromRequestParsing(error);
    if (!apiError) {
      logger.error({ fault: errorSummary(error), method: req.method, route: routeOf(res) }, 'unexpected error while handling a request');
      apiError = new ApiError(500, 'pos_internal_error', 'An unexpected error occurred. The details are in the server log.');
    }
    if (apiError.status === 401 || apiError.status === 403) {
      const context = {
        method: req.method,
        route: routeOf(res),
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
