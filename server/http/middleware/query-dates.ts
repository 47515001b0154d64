import type { RequestHandler } from 'express';
import { gmtToLocal } from '../../model/dates.js';

const DATE_PARAMETERS = ['after', 'before', 'modified_after', 'modified_before'] as const;
/** The WooCommerce collections whose date filters follow `dates_are_gmt`. */
const WOOCOMMERCE_COLLECTIONS = /^\/(products|orders|coupons|customers)(\/|$)/;
const ZONELESS = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/** A wall-clock time in `timeZone` as UTC (`YYYY-MM-DDTHH:MM:SS`); a time skipped by a DST change moves forward. */
export function localToGmt(local: string, timeZone: string): string | undefined {
  const match = ZONELESS.exec(local);
  if (!match) return undefined;
  const wall = Date.parse(`${match[1] ?? ''}${match[2] ?? 'T00:00:00'}Z`);
  if (Number.isNaN(wall)) return undefined;
  let guess = wall;
  // Two passes settle the offset, also across a DST change.
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = gmtToLocal(new Date(guess).toISOString().slice(0, 19), timeZone);
    if (shown === null) return undefined;
    guess -= Date.parse(`${shown}Z`) - wall;
  }
  return new Date(guess).toISOString().slice(0, 19);
}

/**
 * `dates_are_gmt` (WooCommerce, default false): the date filters of the WooCommerce collections are
 * the store's local time unless it is true. A date with a zone (`Z`, `+02:00`) means what it says.
 * The filters are rewritten here to UTC with a `Z`, which is how the routers read them; the
 * store's time zone is read when a request has such a filter.
 */
export function queryDates(storeTimeZone: () => string, namespace: string): RequestHandler {
  return (req, _res, next) => {
    if (!req.path.startsWith(`${namespace}/`) || !WOOCOMMERCE_COLLECTIONS.test(req.path.slice(namespace.length))) {
      next();
      return;
    }
    const query = req.query as Record<string, unknown>;
    const asGmt = query.dates_are_gmt === 'true' || query.dates_are_gmt === '1';
    const zoneless = DATE_PARAMETERS.filter((name) => typeof query[name] === 'string' && ZONELESS.test(query[name]));
    if (zoneless.length === 0) {
      next();
      return;
    }
    const timeZone = storeTimeZone();
    const rewritten: Record<string, unknown> = { ...query };
    for (const name of zoneless) {
      const value = query[name] as string;
      const gmt = asGmt ? value : localToGmt(value, timeZone);
      if (gmt !== undefined) rewritten[name] = `${gmt}${gmt.length === 10 ? 'T00:00:00' : ''}Z`;
    }
    // Express 5 parses `req.query` again on every read; an own property keeps the rewritten one.
    Object.defineProperty(req, 'query', { value: rewritten, writable: true, configurable: true, enumerable: true });
    next();
  };
}
