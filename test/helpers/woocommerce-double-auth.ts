import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The double's authentication, written after WooCommerce's WC_REST_Authentication and held to what
 * docs/woocommerce-observed.md §1 saw: OAuth 1.0a in the query string, checked against the home URL;
 * Basic only where the double stands in for an HTTPS shop. Written apart from server/sync/oauth1.ts
 * (it parses the query as PHP fills $_GET and normalises as WooCommerce does) so that one mistake
 * cannot hide in both.
 */

export type Permissions = 'read' | 'write' | 'read_write';
export interface DoubleKey {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly permissions: Permissions;
}

export interface AuthFailure {
  readonly status: 401;
  readonly code: string;
  readonly message: string;
}

/** PHP's $_GET: `a[]=1&a[]=2` → `{a: {0: '1', 1: '2'}}`, `a[k]=v` → `{a: {k: 'v'}}`; later scalars win. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a recursive type needs the interface
interface PhpArray extends Map<string, string | PhpArray> {}

export function phpQuery(rawQuery: string): PhpArray {
  const root: PhpArray = new Map();
  if (rawQuery === '') return root;
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const decode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));
    const name = decode(at === -1 ? pair : pair.slice(0, at));
    const value = at === -1 ? '' : decode(pair.slice(at + 1));
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(name);
    if (!match?.[1]) continue;
    const path = [...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
    let node = root;
    let key = match[1];
    for (const segment of path) {
      let child = node.get(key);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(key, child);
      }
      node = child;
      key = segment === '' ? String([...node.keys()].filter((k) => /^\d+$/.test(k)).reduce((next, k) => Math.max(next, Number(k) + 1), 0)) : segment;
    }
    node.set(key, value);
  }
  return root;
}

/** PHP's rawurlencode (wc_rest_urlencode_rfc3986). */
function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** WooCommerce's normalize_parameters then join_with_equals_sign. */
function joinWithEquals(params: PhpArray, prefix = ''): string[] {
  const out: string[] = [];
  for (const [rawKey, value] of params) {
    // Top-level keys were normalised (encoded once); nested keys join raw between %5B and %5D.
    const key = prefix === '' ? rawUrlEncode(rawKey) : `${prefix}%5B${rawKey}%5D`;
    if (value instanceof Map) out.push(...joinWithEquals(value, key));
    else out.push(rawUrlEncode(`${key}=${rawUrlEncode(value)}`));
  }
  return out;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const OAUTH_PARAMS = ['oauth_consumer_key', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method'] as const;
const authError = (message: string): AuthFailure => ({ status: 401, code: 'woocommerce_rest_authentication_error', message });

export class DoubleAuthenticator {
  /** Nonces seen per key in the last 15 minutes (§1.6). */
  private readonly nonces = new Map<string, Map<string, number>>();

  constructor(
    private readonly keys: readonly DoubleKey[],
    /** The home URL WooCommerce signs with (§1.2), e.g. `http://127.0.0.1:8080`. */
    private readonly homeUrl: () => string,
    private readonly acceptsBasic: boolean,
    private readonly nowSeconds: () => number,
  ) {}

  /**
   * The key a request authenticated with, null when it carried no credentials at all (the route then
   * refuses it as WooCommerce does for a guest, §1.8), or the failure WooCommerce answers.
   */
  /** `path` is the request's path below the home URL, e.g. `wp-json/wc/v3/orders` (get_home_url joins them with `/`). */
  authenticate(method: string, path: string, rawQuery: string, headers: IncomingHttpHeaders): DoubleKey | null | AuthFailure {
    if (this.acceptsBasic) {
      const basic = this.basic(headers.authorization);
      if (basic !== null) return basic;
    }
    // Over plain HTTP a Basic header is ignored: the request is a guest's (§1.8).
    return this.oauth(method, path, phpQuery(rawQuery));
  }

  /** Source-derived (perform_basic_authentication): no HTTPS shop was at hand to observe (§1). */
  private basic(header: string | undefined): DoubleKey | AuthFailure | null {
    if (!header?.startsWith('Basic ')) return null;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return null;
    const key = this.keys.find((k) => k.consumerKey === decoded.slice(0, colon));
    if (!key) return null;
    return sameText(key.consumerSecret, decoded.slice(colon + 1)) ? key : authError('Consumer secret is invalid.');
  }

  private oauth(method: string, path: string, params: PhpArray): DoubleKey | AuthFailure | null {
    const missing = OAUTH_PARAMS.filter((name) => {
      const v = params.get(name);
      return typeof v !== 'string' || v === '';
    });
    if (missing.length === OAUTH_PARAMS.length) return null;
    if (missing.length > 0) {
      // §1.9
      return {
        status: 401,
        code: 'woocommerce_rest_authentication_missing_parameter',
        message: `Missing OAuth parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      };
    }
    const text = (name: string): string => params.get(name) as string;
    const key = this.keys.find((k) => k.consumerKey === text('oauth_consumer_key'));
    if (!key) return authError('Consumer key is invalid.'); // §1.4
    const signature = text('oauth_signature').replace(/ /g, '+');
    const signed: PhpArray = new Map([...params].filter(([name]) => name !== 'oauth_signature'));
    const sorted: PhpArray = new Map([...signed].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    const base = `${method.toUpperCase()}&${rawUrlEncode(`${this.homeUrl().replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`)}&${joinWithEquals(sorted).join('%26')}`;
    const algorithm = text('oauth_signature_method');
    if (algorithm !== 'HMAC-SHA256' && algorithm !== 'HMAC-SHA1') return authError('Invalid signature - signature method is invalid.');
    const expected = createHmac(algorithm === 'HMAC-SHA256' ? 'sha256' : 'sha1', `${key.consumerSecret}&`)
      .update(base)
      .digest('base64');
    if (!sameText(expected, signature)) return authError('Invalid signature - provided signature does not match.'); // §1.2, §1.3
    const timestamp = Number(text('oauth_timestamp'));
    const now = this.nowSeconds();
    if (!(timestamp >= now - 900 && timestamp <= now + 900)) return authError('Invalid timestamp.'); // §1.5
    const seen = this.nonces.get(key.consumerKey) ?? new Map<string, number>();
    for (const [nonce, at] of seen) if (at < now - 900) seen.delete(nonce);
    if (seen.has(text('oauth_nonce'))) return authError('Invalid nonce - nonce has already been used.'); // §1.6
    seen.set(text('oauth_nonce'), timestamp);
    this.nonces.set(key.consumerKey, seen);
    return key;
  }
}

/** §1.7: the key's permissions against the method. */
export function permissionFailure(key: DoubleKey, method: string): AuthFailure | null {
  if (method === 'GET' || method === 'HEAD') {
    return key.permissions === 'write' ? authError('The API key provided does not have read permissions.') : null;
  }
  return key.permissions === 'read' ? authError('The API key provided does not have write permissions.') : null;
}
