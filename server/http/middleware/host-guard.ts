import type { RequestHandler } from 'express';
import { ApiError } from '../../domain/errors.js';

/** `name[:port]` or `[v6]:port`; anything else (two colons, a path, spaces) is not a host we could be. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** A `Host` of the form above whose port, if any, is one a client could have connected to (1–65535). */
function isHostHeader(header: string): boolean {
  const match = HOST_HEADER.exec(header.trim());
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `Host` without its port, lower-cased: `[::1]:8787` → `[::1]`, `Till.local:80` → `till.local`. */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** DNS-rebinding defence (CONTRACT 8): answer only requests addressed to a loopback name or a configured host. */
export function hostGuard(allowedHosts: readonly string[]): RequestHandler {
  const allowed = new Set([...LOOPBACK_HOSTS, ...allowedHosts]);
  // The verdict per Host header: a till sees one or two. Bounded, as any client may send any header.
  const verdicts = new Map<string, boolean>();
  const isAllowed = (header: string): boolean => {
    let verdict = verdicts.get(header);
    if (verdict === undefined) {
      verdict = isHostHeader(header) && allowed.has(hostName(header));
      if (verdicts.size >= 64) verdicts.clear();
      verdicts.set(header, verdict);
    }
    return verdict;
  };
  return (req, _res, next) => {
    const header = req.headers.host;
    if (header !== undefined && isAllowed(header)) {
      next();
      return;
    }
    next(new ApiError(403, 'pos_rest_bad_host', 'This server only answers requests addressed to its own host name.'));
  };
}
