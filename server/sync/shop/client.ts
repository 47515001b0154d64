import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isList } from './answers.js';
import { queryString, signedQuery, type QueryParams } from './oauth1.js';
import { classifyAnswer, type Paging, type WooCommerceOutcome } from './outcome.js';

export type { WooCommerceOutcome, Paging } from './outcome.js';
export type { QueryParams } from './oauth1.js';

/**
 * How the key travels. WooCommerce reads HTTP Basic only when the request came over HTTPS (is_ssl()),
 * and OAuth 1.0a signatures otherwise (docs/woocommerce-observed.md, §1).
 */
export type WooCommerceAuth = 'basic' | 'oauth1';

export interface WooCommerceClientOptions {
  /** The shop's home URL (WordPress's "Site Address"), e.g. https://shop.example: OAuth signs with it. */
  readonly url: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** Per request, from the first byte out to the last byte in. */
  readonly timeoutMs?: number;
  /**
   * Defaults to the URL's scheme: basic over https, oauth1 over http. Basic over plain HTTP puts the
   * secret on the wire in the clear; it is accepted only for a loopback address (the tests' double,
   * which stands in for an HTTPS shop), never for another host.
   */
  readonly auth?: WooCommerceAuth;
  /** Seconds since the epoch for OAuth timestamps (WooCommerce accepts ±15 minutes of its clock). */
  readonly nowSeconds?: () => number;
  /** Told every outcome, as it ends: how the push keeps the link's state (online, degraded, offline) honest. */
  readonly onOutcome?: (outcome: WooCommerceOutcome) => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface WooCommerceRequest {
  readonly method: HttpMethod;
  /** Below /wp-json/wc/v3/, e.g. `orders` or `orders/12/refunds`. */
  readonly path: string;
  readonly query?: QueryParams;
  /** Sent as JSON. */
  readonly body?: unknown;
}

/** WooCommerce refuses a larger `per_page` with `rest_invalid_param` (docs/woocommerce-observed.md §7). */
export const MAX_PER_PAGE = 100;

/**
 * The order a list is paged in. WooCommerce's default, newest first, leaves records created in the
 * same second in an order that changes between requests: paging 300 such products by 10 on a real
 * WooCommerce 10.0.2 read 61 twice and 63 never (docs/woocommerce-observed.md §18). Ids never tie.
 */
export const STABLE_PAGES = { orderby: 'id', order: 'asc' } as const;

const DEFAULT_TIMEOUT_MS = 30_000;
const API_PREFIX = '/wp-json/wc/v3/';

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Numbers of WooCommerce's paging headers; absent or not a number is null. */
function headerNumber(message: IncomingMessage, name: string): number | null {
  const value = message.headers[name];
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * The one client through which the sync talks to WooCommerce's REST API (wc/v3). Every request ends
 * in a WooCommerceOutcome; nothing is thrown for what the network or WooCommerce did. Only a
 * mistake in the options (a URL that is not http(s), Basic over plain HTTP to another host) throws.
 */
export class WooCommerceClient {
  private readonly home: URL;
  private readonly apiBase: string;
  private readonly auth: WooCommerceAuth;
  private readonly timeoutMs: number;
  private readonly nowSeconds: () => number;

  constructor(private readonly options: WooCommerceClientOptions) {
    const home = new URL(options.url);
    if (home.protocol !== 'https:' && home.protocol !== 'http:') throw new RangeError('the WooCommerce URL must be http or https');
    if (home.search !== '' || home.hash !== '') throw new RangeError('the WooCommerce URL is the home URL, without a query or fragment');
    this.home = home;
    // A URL object keeps a path of at least `/`: the API's base is written out without the trailing one.
    this.apiBase = `${home.origin}${home.pathname.replace(/\/+$/, '')}${API_PREFIX}`;
    this.auth = options.auth ?? (home.protocol === 'https:' ? 'basic' : 'oauth1');
    if (this.auth === 'basic' && home.protocol === 'http:' && !isLoopback(home.hostname)) {
      throw new RangeError('Basic authentication over plain HTTP would send the consumer secret in the clear');
    }
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  }

  get authentication(): WooCommerceAuth {
    return this.auth;
  }

  get(path: string, query?: QueryParams): Promise<WooCommerceOutcome> {
    return this.request({ method: 'GET', path, ...(query ? { query } : {}) });
  }

  post(path: string, body: unknown, query?: QueryParams): Promise<WooCommerceOutcome> {
    return this.request({ method: 'POST', path, body, ...(query ? { query } : {}) });
  }

  put(path: string, body: unknown, query?: QueryParams): Promise<WooCommerceOutcome> {
    return this.request({ method: 'PUT', path, body, ...(query ? { query } : {}) });
  }

  delete(path: string, query?: QueryParams): Promise<WooCommerceOutcome> {
    return this.request({ method: 'DELETE', path, ...(query ? { query } : {}) });
  }

  /**
   * Every page of a collection, `per_page` 100, following X-WP-TotalPages; the first outcome that is
   * not `ok` ends it. Records created or deleted while it pages may shift the pages: the sync's pulls
   * overlap by design (`modified_after` with an overlap, and an id audit).
   */
  async getAll(path: string, query: QueryParams = {}): Promise<{ readonly outcome: WooCommerceOutcome; readonly records: unknown[] }> {
    const records: unknown[] = [];
    for (let page = 1; ; page++) {
      const outcome = await this.get(path, { ...STABLE_PAGES, ...query, per_page: MAX_PER_PAGE, page });
      if (outcome.kind !== 'ok') return { outcome, records };
      const { body } = outcome;
      if (!isList(body)) {
        return { outcome: { kind: 'unknown', cause: 'unreadable_answer', status: outcome.status, message: `${path} did not answer a list` }, records };
      }
      records.push(...body);
      const pages = outcome.paging.totalPages ?? 1;
      if (page >= pages || body.length === 0) return { outcome, records };
    }
  }

  /** The URL a request goes to (with its signature, for OAuth): never put it in a log or a message. */
  private urlFor(method: HttpMethod, path: string, query: QueryParams): URL {
    const cleanPath = path.replace(/^\/+/, '');
    const target = new URL(`${this.apiBase}${cleanPath}`);
    const params =
      this.auth === 'oauth1' ? signedQuery(method, target.href, query, this.options.consumerKey, this.options.consumerSecret, this.nowSeconds()) : query;
    target.search = queryString(params);
    return target;
  }

  request(call: WooCommerceRequest): Promise<WooCommerceOutcome> {
    const target = this.urlFor(call.method, call.path, call.query ?? {});
    const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body), 'utf8');
    const headers: OutgoingHttpHeaders = { Accept: 'application/json' };
    if (payload) {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      headers['Content-Length'] = payload.length;
    }
    if (this.auth === 'basic') {
      headers.Authorization = `Basic ${Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`, 'utf8').toString('base64')}`;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // Named by route only: the query holds the signature.
    const where = `${call.method} ${API_PREFIX}${call.path.replace(/^\/+/, '')}`;

    return new Promise<WooCommerceOutcome>((resolve) => {
      let settled = false;
      // Whether a connection was opened: before that, nothing can have reached WooCommerce.
      let connected = false;
      const finish = (outcome: WooCommerceOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.options.onOutcome?.(outcome);
        resolve(outcome);
      };
      const outgoing = send(target, { method: call.method, headers, agent: false });
      const timer = setTimeout(() => {
        finish(
          connected
            ? { kind: 'unknown', cause: 'timeout', message: `${where}: no whole answer within ${this.timeoutMs} ms` }
            : { kind: 'not_sent', cause: 'ETIMEDOUT', message: `${where}: no connection within ${this.timeoutMs} ms` },
        );
        outgoing.destroy();
      }, this.timeoutMs);
      outgoing.on('socket', (socket) => {
        const opened = (): void => {
          connected = true;
        };
        if (!socket.connecting) opened();
        socket.once(target.protocol === 'https:' ? 'secureConnect' : 'connect', opened);
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.name;
        // The request is written only once the connection is open (TLS included): before that, nothing left.
        finish(
          connected
            ? { kind: 'unknown', cause: 'reset', message: `${where}: the connection failed (${code}) after it opened` }
            : { kind: 'not_sent', cause: code, message: `${where}: ${code}, no connection to ${this.home.host}` },
        );
      });
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        const brokeOff = (): void => {
          finish({ kind: 'unknown', cause: 'reset', status: incoming.statusCode ?? 0, message: `${where}: the answer broke off` });
        };
        incoming.on('error', brokeOff);
        incoming.on('close', () => {
          if (!incoming.complete) brokeOff();
        });
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          let bodyIsJson = false;
          try {
            const parsed: unknown = JSON.parse(text);
            body = parsed;
            bodyIsJson = true;
          } catch {
            // WooCommerce answers JSON; anything else (a PHP fatal's page, a proxy's) is classified by status.
          }
          const paging: Paging = { total: headerNumber(incoming, 'x-wp-total'), totalPages: headerNumber(incoming, 'x-wp-totalpages') };
          finish(classifyAnswer(status, body, bodyIsJson, paging));
        });
      });
      outgoing.end(payload);
    });
  }
}
