import { createHmac, randomBytes } from 'node:crypto';

/**
 * OAuth 1.0a one-legged signatures as WooCommerce checks them over plain HTTP
 * (WC_REST_Authentication::check_oauth_signature in WooCommerce 10): the oauth_* parameters travel
 * in the query string beside the request's own; the JSON body is not signed; the secret is
 * `consumer_secret&` (no token); HMAC-SHA256. See docs/woocommerce-observed.md §1.
 */

/** A query parameter's value: a scalar, or a list sent PHP-style as `name[]=a&name[]=b`. */
export type QueryValue = string | number | boolean | ReadonlyArray<string | number>;
export type QueryParams = Readonly<Record<string, QueryValue | undefined>>;

/** RFC 3986 percent-encoding (PHP's rawurlencode): everything but A-Z a-z 0-9 - . _ ~ is encoded. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalarText(value: string | number | boolean): string {
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
}

/**
 * PHP turns `.` and spaces in a top-level parameter name into `_` when it builds $_GET, so a name
 * holding them would be signed under one name and checked under another.
 */
function checkedName(name: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new RangeError(`query parameter name ${JSON.stringify(name)} is not one PHP keeps as sent`);
  return name;
}

/** The query string as sent, lists as `name[]=value` in their order (how PHP fills `$_GET[name]`). */
export function queryString(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    checkedName(name);
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) pairs.push(`${percentEncode(`${name}[]`)}=${percentEncode(String(item))}`);
    } else {
      pairs.push(`${percentEncode(name)}=${percentEncode(scalarText(value as string | number | boolean))}`);
    }
  }
  return pairs.join('&');
}

/**
 * The signature base string WooCommerce rebuilds: METHOD & enc(home URL + path) & the parameters,
 * top-level names sorted by byte (PHP's uksort with strcmp), names and values encoded once, then
 * each `name=value` (a list's items as `name%5B0%5D=value`, numbered as PHP numbers `[]`) encoded
 * again and joined by `%26`.
 */
export function signatureBaseString(method: string, baseUrl: string, params: QueryParams): string {
  const names = Object.keys(params)
    .filter((name) => params[name] !== undefined)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const joined: string[] = [];
  for (const name of names) {
    const value = params[name];
    if (value === undefined) continue;
    const encodedName = percentEncode(checkedName(name));
    if (Array.isArray(value)) {
      (value as ReadonlyArray<string | number>).forEach((item, index) => {
        joined.push(percentEncode(`${encodedName}%5B${index}%5D=${percentEncode(String(item))}`));
      });
    } else {
      joined.push(percentEncode(`${encodedName}=${percentEncode(scalarText(value as string | number | boolean))}`));
    }
  }
  return `${method.toUpperCase()}&${percentEncode(baseUrl)}&${joined.join('%26')}`;
}

export function hmacSha256Signature(baseString: string, consumerSecret: string): string {
  return createHmac('sha256', `${consumerSecret}&`).update(baseString).digest('base64');
}

/**
 * The query parameters of a signed request: the request's own plus the oauth_* ones. `baseUrl` is
 * the shop's home URL followed by the route's path, without a query: WooCommerce rebuilds it from
 * its home URL, not from the Host the request came to.
 */
export function signedQuery(
  method: string,
  baseUrl: string,
  params: QueryParams,
  consumerKey: string,
  consumerSecret: string,
  nowSeconds: number,
): QueryParams {
  const withOauth: Record<string, QueryValue | undefined> = {
    ...params,
    oauth_consumer_key: consumerKey,
    // 32 characters, alphanumeric: WooCommerce keeps each nonce 15 minutes and refuses a repeat.
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(nowSeconds),
  };
  const signature = hmacSha256Signature(signatureBaseString(method, baseUrl, withOauth), consumerSecret);
  return { ...withOauth, oauth_signature: signature };
}
