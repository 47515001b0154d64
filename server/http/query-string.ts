import type { RequestHandler } from 'express';
/**
 * Query strings read as PHP reads them, because WooCommerce and WCPOS clients are written against
 * PHP: a repeated plain parameter keeps its last value (`a=1&a=2` is `a=2`), `a[]=1&a[]=2` is a list,
 * `a[k]=v` an object. The WordPress spellings WCPOS sends are read as ours: `fields` for `_fields` and
 * `posts_per_page` for `per_page`, when ours is absent.
 */

const MAX_PARAMETERS = 1000;
/** PHP's max_input_nesting_level is 64; nothing we take is nested deeper than two. */
const MAX_DEPTH = 5;
const MAX_LIST_INDEX = 1000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type ParsedQuery = Record<string, QueryValue>;

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** `a[b][]` → `['a', 'b', '']`; a name without brackets, or with broken ones, is one segment. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const pattern = /\[([^[\]]*)\]/gy;
  pattern.lastIndex = open;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(key)) !== null && path.length <= MAX_DEPTH) path.push(match[1] ?? '');
  return path;
}

function isListIndex(segment: string): boolean {
  return segment === '' || (/^\d{1,4}$/.test(segment) && Number(segment) <= MAX_LIST_INDEX);
}

function assign(container: Record<string, QueryValue> | QueryValue[], path: readonly string[], value: string): void {
  const [segment, ...rest] = path as [string, ...string[]];
  if (FORBIDDEN_KEYS.has(segment)) return;
  if (Array.isArray(container)) {
    const index = segment === '' ? container.length : Math.min(Number(segment), container.length);
    if (rest.length === 0) container[index] = value;
    else {
      const existing = container[index];
      const child = existing !== undefined && typeof existing === 'object' ? existing : isListIndex(rest[0] ?? '') ? [] : {};
      container[index] = child;
      assign(child, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    container[segment] = value;
    return;
  }
  const existing = container[segment];
  const child = existing !== undefined && typeof existing === 'object' ? existing : isListIndex(rest[0] ?? '') ? [] : {};
  container[segment] = child;
  assign(child, rest, value);
}

/** The `query parser` of the app (Express 5 re-parses on every read of `req.query`). */
export function parsePhpQuery(text: string | null | undefined): ParsedQuery {
  const query: ParsedQuery = {};
  if (text === undefined || text === null || text === '') return query;
  for (const pair of text.split('&').slice(0, MAX_PARAMETERS)) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    if (key === '') continue;
    assign(query, keyPath(key), equals === -1 ? '' : decode(pair.slice(equals + 1)));
  }
  if (query._fields === undefined && query.fields !== undefined) query._fields = query.fields;
  if (query.per_page === undefined && query.posts_per_page !== undefined) query.per_page = query.posts_per_page;
  return query;
}

/**
 * Express 5 parses `req.query` afresh on every read, and a list request reads it a handful of times
 * (method override, date filters, context, fields, paging, the audit check). Parsed once here, as an
 * own property of the request; a later step may still replace it (the date filters do).
 */
export function parsedQueryOnce(): RequestHandler {
  return (req, _res, next) => {
    Object.defineProperty(req, 'query', { value: req.query, writable: true, configurable: true, enumerable: true });
    next();
  };
}
