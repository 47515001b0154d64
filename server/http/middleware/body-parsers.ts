import express, { type Request, type RequestHandler } from 'express';

/** 1 MiB (CONTRACT 8). */
const BODY_LIMIT = '1mb';
/** Deeper JSON than this is refused before any handler walks it: no resource of ours nests past a handful of levels. */
export const MAX_JSON_DEPTH = 32;
/** Form bodies: WordPress clients send flat forms; more fields or nesting than this is an attack, not an order. */
const MAX_FORM_FIELDS = 1000;
const MAX_FORM_DEPTH = 8;

/** Marks a body refused for its nesting, so the error renderer can name it. */
export class BodyTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
}

/**
 * The nesting depth of a JSON text, counted over its bytes without parsing, so that a body of
 * thousands of `[` is refused before `JSON.parse` or any handler recurses into it.
 */
export function jsonDepthExceeds(buffer: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < buffer.length; index++) {
    const byte = buffer[index];
    if (inString) {
      if (byte === 0x5c)
        index++; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}

const jsonParser: RequestHandler = express.json({
  limit: BODY_LIMIT,
  verify: (_req, _res, buffer) => {
    if (jsonDepthExceeds(buffer, MAX_JSON_DEPTH)) throw new BodyTooDeepError();
  },
});
// `depth` is body-parser 2's option; its type definitions have not caught up with it.
const formParser: RequestHandler = express.urlencoded({ extended: true, limit: BODY_LIMIT, parameterLimit: MAX_FORM_FIELDS, ...{ depth: MAX_FORM_DEPTH } });

/** body-parser's own test for a body (type-is `hasBody`): a Transfer-Encoding, or a Content-Length that is a number. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/**
 * JSON and form bodies with the limits above, in one step; their failures are 4xx errors the
 * error renderer maps. A request without a body passes straight on, as through the parsers.
 */
export const parseBody: RequestHandler = (req, res, next) => {
  if (!hasBody(req)) {
    if (!Reflect.has(req, 'body')) req.body = undefined;
    next();
    return;
  }
  jsonParser(req, res, (error?: unknown) => {
    if (error !== undefined && error !== null) {
      next(error);
      return;
    }
    formParser(req, res, next);
  });
};
