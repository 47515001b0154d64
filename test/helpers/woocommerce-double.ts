import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DoubleAuthenticator, permissionFailure, type DoubleKey } from './woocommerce-double-auth.js';
import { DoubleCatalogue } from './woocommerce-double-catalogue.js';
import { updateCustomer } from './woocommerce-double-customers.js';
import { DoubleShop, WooError } from './woocommerce-double-shop.js';

/**
 * A WooCommerce double for the sync's tests: a real HTTP server on 127.0.0.1 that models only what a
 * real WooCommerce 10 was seen to do (docs/woocommerce-observed.md, cited by §), plus faults the real
 * one cannot be made to show on demand. With `https: true` it stands in for a shop behind HTTPS and
 * takes Basic credentials (there is no HTTPS server in the tests: the double stays plain HTTP on
 * loopback and only pretends that is_ssl() is true).
 */

export type Fault =
  /** The request is carried out, then the connection is cut before any answer: a lost response. */
  | { readonly kind: 'drop_after_commit' }
  /** A 500; with `commit` the request is carried out first (a fatal error after the save). */
  | { readonly kind: 'server_error'; readonly commit: boolean }
  /** The request is carried out and its answer held back this long (longer than the client waits). */
  | { readonly kind: 'slow_reply'; readonly delayMs: number }
  /** A 401 before anything is done, as for a key revoked in the shop. */
  | { readonly kind: 'unauthorized' }
  /** The request is held this long, then carried out and answered: a shop so slow that the order is made after the client gave up (§2.3). */
  | { readonly kind: 'slow_commit'; readonly delayMs: number }
  /** A captive portal answers in the shop's place with its HTML page (a 302 to its login, a 403, a 511): nothing reaches the shop. */
  | { readonly kind: 'portal'; readonly status: number }
  /** Something happens in the shop (another till's sale, say) just before the request is carried out. */
  | { readonly kind: 'meanwhile'; readonly happen: () => void };

export interface InjectedFault {
  readonly method: string;
  /** Matched against the route below /wp-json/wc/v3/, e.g. /^orders$/. */
  readonly route: RegExp;
  readonly fault: Fault;
}

export interface WooCommerceDoubleOptions {
  /** Stand in for an HTTPS shop: Basic credentials are read (§1). */
  readonly https?: boolean;
  /** The home URL it signs with; its own origin unless given (§1.2). */
  readonly homeUrl?: string;
  readonly nowSeconds?: () => number;
}

export interface WooCommerceDouble {
  readonly url: string;
  readonly key: DoubleKey;
  readonly readOnlyKey: DoubleKey;
  readonly shop: DoubleShop;
  /** The catalogue's routes beyond the shop's (woocommerce-double-catalogue.ts). */
  readonly catalogue: DoubleCatalogue;
  /** Each request that reached it, by method, route and query (without the signature's parameters), in order. */
  readonly requests: Array<{ method: string; route: string; query: URLSearchParams }>;
  /** One-shot: the next request matching method and route meets the fault. */
  inject(fault: InjectedFault): void;
  /** Stops listening (connections are refused, as with no network), keeping the shop. */
  goOffline(): Promise<void>;
  /** Listens again on the same port. */
  comeOnline(): Promise<void>;
  close(): Promise<void>;
}

const API_PREFIX = '/wp-json/wc/v3/';
type Body = Record<string, unknown>;
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A captive portal's page: HTML, a redirect to its login when the status is a 3xx. */
const PORTAL_PAGE = (status: number): Answer => ({
  status,
  body: '<!DOCTYPE html><html><head><title>Welcome</title></head><body><form action="/login">Accept the terms to go online</form></body></html>',
  headers: status >= 300 && status < 400 ? { Location: 'http://portal.invalid/login' } : {},
});

const error = (e: WooError): Answer => ({ status: e.status, body: { code: e.code, message: e.message, data: { status: e.status, ...e.data } } });
const invalidParam = (name: string, message: string): WooError =>
  new WooError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: message } });

/** PHP-style list parameters as WordPress reads them: `a[]=1&a[]=2`, or `a=1,2` (wp_parse_list). */
export function list(query: URLSearchParams, name: string): string[] | null {
  const items = [...query.getAll(`${name}[]`), ...query.getAll(name).flatMap((v) => v.split(/[\s,]+/))].filter((v) => v !== '');
  return items.length > 0 ? items : null;
}

/** §9: `modified_after` is a strict `>` against whole seconds of the server's clock; a bad date is refused. */
export function modifiedAfter(query: URLSearchParams): number | null {
  const value = query.get('modified_after');
  if (value === null) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(value)) throw invalidParam('modified_after', 'Invalid date.');
  // The observed shop is on UTC, so `dates_are_gmt` changes nothing here.
  return Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`) / 1000;
}

/** §7: per_page 1..100, X-WP-Total and X-WP-TotalPages (0 pages when empty). */
export function page(records: unknown[], query: URLSearchParams): Answer {
  const perPage = Number(query.get('per_page') ?? 10);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)');
  const pageNumber = Number(query.get('page') ?? 1);
  return {
    status: 200,
    body: records.slice((pageNumber - 1) * perPage, pageNumber * perPage),
    headers: { 'X-WP-Total': String(records.length), 'X-WP-TotalPages': String(Math.ceil(records.length / perPage)) },
  };
}

const seconds = (gmt: string): number => Date.parse(`${gmt}Z`) / 1000;

/** §16: the statuses `POST orders` takes (its schema's enum); any other is refused with 400 before anything is made. */
const ORDER_STATUSES = ['auto-draft', 'pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed', 'checkout-draft'];

export async function startWooCommerceDouble(options: WooCommerceDoubleOptions = {}): Promise<WooCommerceDouble> {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const shop = new DoubleShop(nowSeconds);
  const catalogue = new DoubleCatalogue(shop);
  const key: DoubleKey = {
    consumerKey: 'ck_double_read_write_0000000000000000000000',
    consumerSecret: 'cs_double_read_write_0000000000000000000000',
    permissions: 'read_write',
  };
  const readOnlyKey: DoubleKey = {
    consumerKey: 'ck_double_read_only_00000000000000000000000',
    consumerSecret: 'cs_double_read_only_00000000000000000000000',
    permissions: 'read',
  };
  let origin = '';
  const auth = new DoubleAuthenticator([key, readOnlyKey], () => options.homeUrl ?? origin, options.https === true, nowSeconds);
  const faults: InjectedFault[] = [];
  const requests: Array<{ method: string; route: string; query: URLSearchParams }> = [];

  const route = (method: string, path: string, query: URLSearchParams, body: Body): Answer => {
    const [resource, id, sub] = path.split('/');
    const n = Number(id);
    const created = (record: unknown): Answer => ({ status: 201, body: record });
    const ok = (record: unknown): Answer => ({ status: 200, body: record });
    if (resource === 'products') {
      if (method === 'GET' && id === undefined) {
        const after = modifiedAfter(query);
        const include = list(query, 'include')?.map(Number);
        const status = query.get('status') ?? 'any';
        const sku = query.get('sku');
        const found = [...shop.products.values()].filter(
          (p) =>
            p.type !== 'variation' &&
            (status === 'any' ? p.status !== 'trash' : p.status === status) && // §10: trash only when asked for
            (after === null || seconds(p.date_modified_gmt) > after) &&
            (!include || include.includes(p.id)) &&
            (sku === null || p.sku === sku),
        ); // §15.1
        return page(found, query);
      }
      if (method === 'POST' && id === 'batch')
        return batch(
          body,
          (item) => shop.createProduct(item),
          (item) => shop.updateProduct(Number(item.id), item),
          (itemId) => shop.deleteProduct(itemId),
        );
      if (method === 'GET' && sub === 'variations')
        return page(
          [...shop.products.values()].filter((p) => p.parent_id === n),
          query,
        );
      if (method === 'POST' && sub === 'variations') return created(shop.createProduct(body, shop.product(n).id));
      if (method === 'POST' && id === undefined) return created(shop.createProduct(body));
      if (method === 'GET') return ok(shop.product(n));
      if (method === 'PUT') return ok(shop.updateProduct(n, body));
      if (method === 'DELETE') {
        if (query.get('force') === 'true') return ok(shop.deleteProduct(n));
        const product = shop.product(n);
        product.status = 'trash';
        return ok(product);
      }
    }
    if (resource === 'orders') {
      if (method === 'GET' && id === undefined) {
        const after = modifiedAfter(query);
        const include = list(query, 'include')?.map(Number);
        const via = list(query, 'created_via');
        const statuses = list(query, 'status');
        const search = query.get('search')?.toLowerCase();
        const createdAfter = query.get('after'); // §15.4: date_created after the given time
        const createdBefore = query.get('before'); // §17.3: and before it
        const found = [...shop.orders.values()].reverse().filter(
          (o) =>
            (after === null || seconds(o.date_modified_gmt) > after) &&
            (createdAfter === null || o.date_created_gmt > createdAfter.slice(0, 19)) &&
            (createdBefore === null || o.date_created_gmt < createdBefore.slice(0, 19)) &&
            (!include || include.includes(o.id)) &&
            (!via || via.includes(o.created_via)) &&
            (!statuses || statuses.includes('any') ? o.status !== 'trash' : statuses.includes(o.status)) &&
            // §3.4: the search reads the billing details, never the meta.
            (!search || [o.billing.email, o.billing.first_name, o.billing.last_name].some((f) => (f ?? '').toLowerCase().includes(search))),
        );
        return page(found, query);
      }
      if (method === 'POST' && id === 'batch')
        return batch(
          body,
          (item) => shop.createOrder(item),
          (item) => updateOrder(Number(item.id), item),
          () => {
            throw new WooError(400, 'woocommerce_rest_cannot_delete', 'Not modelled.');
          },
        );
      if (method === 'POST' && id === undefined) {
        // §16: the body is checked against the schema (after the key's permissions) before anything is made.
        if (body.status !== undefined && (typeof body.status !== 'string' || !ORDER_STATUSES.includes(body.status)))
          throw invalidParam('status', `status is not one of ${ORDER_STATUSES.slice(0, -1).join(', ')}, and ${ORDER_STATUSES.at(-1) ?? ''}.`);
        return created(shop.createOrder(body));
      }
      if (sub === 'refunds' && method === 'POST') return created(shop.createRefund(n, body));
      if (sub === 'refunds' && method === 'GET')
        return page(
          [...shop.refunds.values()].reverse().filter((r) => r.parent_id === shop.order(n).id),
          query,
        );
      if (method === 'GET') return ok(shop.order(n));
      if (method === 'PUT') return ok(updateOrder(n, body));
    }
    if (resource === 'refunds' && method === 'GET' && id === undefined) return page([...shop.refunds.values()].reverse(), query);
    if (resource === 'coupons' && method === 'POST' && id === undefined) return created(shop.createCoupon(body));
    if (resource === 'customers') {
      if (method === 'PUT' && id !== undefined && id !== 'batch') return ok(updateCustomer(shop, n, body)); // §17.2
      if (method === 'GET' && id === undefined) {
        // §6: no modified_after for customers (ignored); email compared without case.
        const email = query.get('email')?.toLowerCase();
        return page(
          [...shop.customers.values()].filter((c) => email === undefined || c.email.toLowerCase() === email),
          query,
        );
      }
      if (method === 'POST' && id === 'batch')
        return batch(
          body,
          (item) => shop.createCustomer(item),
          () => {
            throw new WooError(400, 'woocommerce_rest_cannot_edit', 'Not modelled.');
          },
          () => {
            throw new WooError(400, 'woocommerce_rest_cannot_delete', 'Not modelled.');
          },
        );
      if (method === 'POST' && id === undefined) return created(shop.createCustomer(body));
    }
    throw new WooError(404, 'rest_no_route', 'No route was found matching the URL and request method.'); // §2.1
  };

  const updateOrder = (id: number, body: Body): unknown => {
    const order = shop.order(id);
    if (typeof body.status === 'string') shop.setStatus(order, body.status);
    return order;
  };

  /** §8: at most 100 items, each carried out on its own; a failed item answers its error in its place. */
  const batch = (body: Body, create: (item: Body) => unknown, update: (item: Body) => unknown, remove: (id: number) => unknown): Answer => {
    const items = (name: string): unknown[] => (Array.isArray(body[name]) ? (body[name] as unknown[]) : []);
    if (items('create').length + items('update').length + items('delete').length > 100) {
      throw new WooError(413, 'woocommerce_rest_request_entity_too_large', 'Unable to accept more than 100 items for this request.');
    }
    const each = <T>(list: T[], work: (item: T) => unknown, idOf: (item: T) => number): unknown[] =>
      list.map((item) => {
        try {
          return work(item);
        } catch (e) {
          if (!(e instanceof WooError)) throw e;
          // WooCommerce answers the item's WP_Error in its place: its code, message and data, the status among them.
          return { id: idOf(item), error: { code: e.code, message: e.message, data: { status: e.status, ...e.data } } };
        }
      });
    return {
      status: 200,
      body: {
        ...(items('create').length ? { create: each(items('create') as Body[], create, () => 0) } : {}),
        ...(items('update').length ? { update: each(items('update') as Body[], update, (item) => Number(item.id)) } : {}),
        ...(items('delete').length ? { delete: each(items('delete') as number[], remove, (item) => item) } : {}),
      },
    };
  };

  const answer = (res: ServerResponse, reply: Answer): void => {
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text), ...reply.headers });
    res.end(text);
  };

  const serverError: Answer = {
    status: 500,
    body: { code: 'internal_server_error', message: 'There has been a critical error on this website.', data: { status: 500 } },
  };

  /** The answer to a request, and the fault (if any) that takes over once it is carried out. */
  const decide = (req: IncomingMessage, text: string): { reply: Answer; after?: Fault } => {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    const method = req.method ?? 'GET';
    // §16: WordPress's REST index answers anyone, naming the home URL that OAuth signatures are checked against.
    if (method === 'GET' && (url.pathname === '/wp-json/' || url.pathname === '/wp-json')) {
      const home = options.homeUrl ?? origin;
      return { reply: { status: 200, body: { name: 'WooCommerce double', url: home, home, namespaces: ['wc/v3'] } } };
    }
    if (!url.pathname.startsWith(API_PREFIX))
      return { reply: error(new WooError(404, 'rest_no_route', 'No route was found matching the URL and request method.')) };
    const path = url.pathname.slice(API_PREFIX.length);
    requests.push({ method, route: path, query: new URLSearchParams([...url.searchParams].filter(([name]) => !name.startsWith('oauth_'))) });
    const who = auth.authenticate(method, url.pathname.slice(1), url.search.replace(/^\?/, ''), req.headers);
    if (who !== null && 'status' in who) return { reply: error(new WooError(who.status, who.code, who.message)) };
    if (who === null) {
      // §1.8: a guest may neither list nor create.
      return {
        reply:
          method === 'GET'
            ? error(new WooError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.'))
            : error(new WooError(401, 'woocommerce_rest_cannot_create', 'Sorry, you are not allowed to create resources.')),
      };
    }
    const refused = permissionFailure(who, method);
    if (refused) return { reply: error(new WooError(refused.status, refused.code, refused.message)) };
    const at = faults.findIndex((f) => f.method === method && f.route.test(path));
    const fault = at === -1 ? undefined : faults.splice(at, 1)[0]?.fault;
    if (fault?.kind === 'portal') return { reply: PORTAL_PAGE(fault.status), after: fault };
    if (fault?.kind === 'meanwhile') fault.happen();
    if (fault?.kind === 'unauthorized') return { reply: error(new WooError(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.')) };
    if (fault?.kind === 'server_error' && !fault.commit) return { reply: serverError };
    let reply: Answer;
    try {
      let body: Body = {};
      try {
        if (text !== '') body = JSON.parse(text) as Body;
      } catch {
        throw new WooError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
      }
      reply = catalogue.route(method, path, url.searchParams, body) ?? route(method, path, url.searchParams, body);
    } catch (e) {
      if (!(e instanceof WooError)) throw e;
      reply = error(e);
    }
    if (fault?.kind === 'server_error') return { reply: serverError };
    return fault ? { reply, after: fault } : { reply };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double.invalid');
      const path = url.pathname.slice(API_PREFIX.length);
      const at = faults.findIndex((f) => f.fault.kind === 'slow_commit' && f.method === req.method && f.route.test(path));
      const held = at === -1 ? undefined : faults.splice(at, 1)[0]?.fault;
      const carryOut = (): void => {
        const { reply, after } = decide(req, Buffer.concat(chunks).toString('utf8'));
        if (after?.kind === 'portal') {
          const page = String(reply.body);
          res.writeHead(reply.status, { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Length': Buffer.byteLength(page), ...reply.headers });
          res.end(page);
        } else if (after?.kind === 'drop_after_commit') {
          req.socket.destroy();
        } else if (after?.kind === 'slow_reply') {
          // The answer is what the shop read when it carried the request out, not what it holds when the answer leaves.
          const asRead: Answer = { ...reply, body: JSON.parse(JSON.stringify(reply.body ?? null)) as unknown };
          setTimeout(() => {
            if (!res.destroyed) answer(res, asRead);
          }, after.delayMs).unref();
        } else {
          answer(res, reply);
        }
      };
      if (held?.kind === 'slow_commit') setTimeout(carryOut, held.delayMs).unref();
      else carryOut();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    key,
    readOnlyKey,
    shop,
    catalogue,
    requests,
    inject: (fault) => {
      faults.push(fault);
    },
    goOffline: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
    comeOnline: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
