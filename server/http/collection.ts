import type { Request, Response } from 'express';
import { z } from 'zod';
import { commitGroupOf } from '../data/commit-group.js';
import type { Database } from '../data/database.js';
import type { CollectionFilter } from '../data/sql.js';
import { invalidParams } from '../domain/errors.js';
import { sendChunks } from './answers-after-commit.js';

/** `page` and `per_page` (1 to 100, default 10) of every collection (woocommerce-reference §3). */
export const pagingQuery = z.object({
  page: z.coerce.number().int('must be an integer').min(1, 'page must be 1 or more').default(1),
  per_page: z.coerce
    .number()
    .int('must be an integer')
    .min(1, 'per_page must be between 1 (inclusive) and 100 (inclusive)')
    .max(100, 'per_page must be between 1 (inclusive) and 100 (inclusive)')
    .default(10),
  offset: z.coerce.number().int().min(0).optional(),
});
export type Paging = z.output<typeof pagingQuery>;

export const orderQuery = z.enum(['asc', 'desc']);

/** The rows to skip for a page (`offset` overrides `page`, as in WordPress). */
export function offsetOf(paging: Paging): number {
  return paging.offset ?? (paging.page - 1) * paging.per_page;
}

/** `_fields=a,b` (or `_fields[]=a`), with dot paths into nested objects. */
export function requestedFields(req: Request): string[] | undefined {
  const raw = req.query._fields;
  if (raw === undefined) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).flatMap((item) => (typeof item === 'string' ? item.split(/[ ,]+/) : []));
  const fields = list.map((item) => item.trim()).filter((item) => item !== '');
  if (fields.length === 0) throw invalidParams({ _fields: '_fields must name at least one field' });
  return fields;
}

function pick(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const [head, ...rest] = field.split('.');
    if (head === undefined || !(head in item)) continue;
    const value = item[head];
    if (rest.length === 0) result[head] = value;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const nested = pick(value as Record<string, unknown>, [rest.join('.')]);
      result[head] = { ...(result[head] ?? {}), ...nested };
    }
  }
  return result;
}

export function trimFields<T extends object>(item: T, fields: readonly string[] | undefined): Record<string, unknown> | T {
  return fields ? pick(item as Record<string, unknown>, fields) : item;
}

/** The request URL with another page number, for the `Link` header. */
function pageUrl(req: Request, page: number): string {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Sends one page of a collection with `X-WP-Total`, `X-WP-TotalPages` and `Link` (prev/next). The
 * items are of the route's answer (`res` is typed by it where the route declares one), before
 * `_fields` trims them.
 */
export function sendPage<T extends object>(
  req: Request,
  res: Response<T[]>,
  items: readonly NoInfer<T>[],
  total: number,
  paging: Pick<Paging, 'page' | 'per_page'>,
): void {
  sendTrimmedPage(req, res, items, total, paging);
}

function sendTrimmedPage(req: Request, res: Response, items: readonly object[], total: number, paging: Pick<Paging, 'page' | 'per_page'>): void {
  setPageHeaders(req, res, total, paging);
  const fields = requestedFields(req);
  res.json(items.map((item) => trimFields(item, fields)));
}

/** Sends one page already serialised (a JSON array, untrimmed), with the headers `sendPage` sends. */
export function sendPageJson(req: Request, res: Response, json: string | Buffer, total: number, paging: Pick<Paging, 'page' | 'per_page'>): void {
  setPageHeaders(req, res, total, paging);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(json);
}

function setPageHeaders(req: Request, res: Response, total: number, paging: Pick<Paging, 'page' | 'per_page'>): void {
  const totalPages = total === 0 ? 0 : Math.ceil(total / paging.per_page);
  res.setHeader('X-WP-Total', String(total));
  res.setHeader('X-WP-TotalPages', String(totalPages));
  const links: string[] = [];
  if (paging.page > 1 && totalPages > 0) links.push(`<${pageUrl(req, Math.min(paging.page - 1, totalPages))}>; rel="prev"`);
  if (paging.page < totalPages) links.push(`<${pageUrl(req, paging.page + 1)}>; rel="next"`);
  if (links.length > 0) res.setHeader('Link', links.join(', '));
}

/** Sends a whole, unpaginated list (tax classes, gateways...) with the totals headers WordPress still sends. */
export function sendAll<T extends object>(req: Request, res: Response<T[]>, items: readonly NoInfer<T>[]): void {
  sendPage(req, res, items, items.length, { page: 1, per_page: Math.max(items.length, 1) });
}

/** Sends one resource of the route's answer, trimmed by `_fields`; `201` with `Location` for a create. */
export function sendItem<T extends object>(req: Request, res: Response<T>, item: NoInfer<T>, created?: { location: string }): void {
  if (created) res.status(201).setHeader('Location', created.location);
  (res as Response).json(trimFields(item, requestedFields(req)));
}

/** Sends one resource already serialised (a stored product document), as `sendItem` sends it untrimmed. */
export function sendItemJson(res: Response, json: string | Buffer): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(json);
}

/** Sends an answer that is not JSON (a receipt as HTML or text) where the route's JSON answer is typed. */
export function sendDocument(res: Response, contentType: string, body: string): void {
  res.setHeader('Content-Type', contentType);
  res.send(body);
}

/** `http://host:port/pos/v1` as this request reached it, for `_links` and `Location`. */
export function apiBase(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${req.baseUrl}`;
}

const SYNC_AUDIT_FIELDS = new Set(['id', 'date_modified_gmt']);

/**
 * `per_page=-1` (or WCPOS's `posts_per_page=-1`) is the offline-sync audit (CONTRACT 7): allowed only
 * with `_fields` (or `fields[]`) naming `id` and at most `date_modified_gmt`, it lists every match in
 * one response. Any other request for "all" is refused with 400, never answered with a short page:
 * a client that diffs its local records against the answer would delete what a short page left out.
 */
export function isSyncAudit(req: Request): boolean {
  if (req.query.per_page !== '-1') return false;
  const fields = requestedFields(req);
  const audit = fields !== undefined && fields.includes('id') && fields.every((field) => SYNC_AUDIT_FIELDS.has(field));
  if (!audit) throw invalidParams({ per_page: 'per_page=-1 is allowed only together with _fields=id,date_modified_gmt (the offline-sync audit)' });
  return true;
}

/** The query of an audit request, without the paging that does not apply to it. */
export function auditQuery(req: Request): Record<string, unknown> {
  return { ...req.query, per_page: undefined, page: undefined, posts_per_page: undefined };
}

/** Sends the whole audit index in one response, with the totals headers of one page. */
export function sendAudit(req: Request, res: Response, index: ReadonlyArray<{ id: number; date_modified_gmt: string | null }>): void {
  sendTrimmedPage(req, res, index, index.length, { page: 1, per_page: Math.max(index.length, 1) });
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const COMMA = Buffer.from(',');

/**
 * Sends an audit index already serialised as its `count` entries joined by commas, in pieces each
 * joined so (`pieces`), as a JSON array, with the headers `sendAudit` sends; after the commit group
 * of `db` commits what it may have read.
 */
export function sendAuditEntries(res: Response, db: Database, pieces: readonly Buffer[], count: number): void {
  const group = commitGroupOf(db);
  res.status(200);
  res.setHeader('X-WP-Total', String(count));
  res.setHeader('X-WP-TotalPages', count === 0 ? '0' : '1');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  sendChunks(res, group, [OPEN, ...pieces.flatMap((piece, index) => (index === 0 ? [piece] : [COMMA, piece])), CLOSE]);
}

/** The filters every collection takes (woocommerce-reference §3), from a validated query, as the repositories name them. */
export function collectionFilterOf(query: {
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  after?: string | undefined;
  before?: string | undefined;
  modified_after?: string | undefined;
  modified_before?: string | undefined;
}): CollectionFilter {
  return {
    search: query.search,
    include: query.include,
    exclude: query.exclude,
    createdAfter: query.after,
    createdBefore: query.before,
    modifiedAfter: query.modified_after,
    modifiedBefore: query.modified_before,
  };
}
