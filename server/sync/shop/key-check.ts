import { isIP } from 'node:net';
import { ApiError } from '../../domain/errors.js';
import { idOf, isJson } from './answers.js';
import { WooCommerceClient, type WooCommerceAuth, type WooCommerceOutcome } from './client.js';

/**
 * The checks of a WooCommerce key before it is kept (issue 23, item 1): the address, read access and
 * write access, each failure with a message that says what to do. Nothing here changes the shop.
 */

/** What `PUT /sync/connection` and `tillbase sync connect` are given. */
export interface ConnectionRequest {
  readonly url: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

export interface CheckedKey {
  /** The home URL as it will be kept: scheme, host, path, no trailing slash. */
  readonly url: string;
  readonly auth: WooCommerceAuth;
  readonly warnings: string[];
  readonly client: WooCommerceClient;
}

/**
 * A status no order can have: WooCommerce validates the body against its schema (400
 * `rest_invalid_param`) only after the key's write permission was checked (401 for a read-only key,
 * docs/woocommerce-observed.md §16), so the create proves write access and makes nothing.
 */
export const WRITE_PROBE_STATUS = 'tillbase-write-check';
const CHECK_TIMEOUT_MS = 15_000;

const refused = (code: string, message: string, status = 400): ApiError => new ApiError(status, code, message);

function isLoopbackOrPrivate(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (isIP(host) === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(host) === 6) return host === '::1' || /^f[cd]/i.test(host) || /^fe80:/i.test(host);
  return false;
}

/** The URL as kept: an http(s) home URL without a query, a fragment or credentials, and without its trailing slash. */
export function homeUrlOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw refused('pos_sync_invalid_url', `"${text}" is not a URL: give the shop's home URL, e.g. https://shop.example`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused('pos_sync_invalid_url', 'The WooCommerce URL must start with https:// or http://.');
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw refused('pos_sync_invalid_url', "Give the shop's home URL alone, without a query, a fragment or a user name.");
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

const keptForm = (url: URL): string => `${url.origin}${url.pathname}`.replace(/\/+$/, '');

/** WordPress's REST index (`/wp-json/`) names its home URL without a key: read only to explain a refused signature. */
async function homeUrlAnnounced(url: URL): Promise<string | undefined> {
  try {
    const answer = await fetch(`${keptForm(url)}/wp-json/`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'follow' });
    const index: unknown = await answer.json();
    return isJson(index) && typeof index.home === 'string' ? index.home.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

function unreachable(url: string, outcome: Extract<WooCommerceOutcome, { kind: 'not_sent' | 'unknown' }>): ApiError {
  const why =
    outcome.kind === 'not_sent'
      ? `no connection (${outcome.cause})`
      : outcome.cause === 'server_error'
        ? 'it answered with a server error'
        : `no whole answer (${outcome.cause})`;
  return refused(
    'pos_sync_unreachable',
    `WooCommerce at ${url} could not be reached: ${why}. Check the address and that the shop is online, then try again.`,
    502,
  );
}

async function readRefusal(url: URL, auth: WooCommerceAuth, outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }>): Promise<ApiError> {
  const kept = keptForm(url);
  // Answered, but not by WooCommerce (a page where its API should be): read as the refusal it was taken for.
  const notWooCommerce = outcome.kind === 'unknown' && outcome.cause === 'not_woocommerce';
  if (outcome.kind === 'not_sent' || (outcome.kind === 'unknown' && !notWooCommerce)) return unreachable(kept, outcome);
  if (outcome.kind === 'rejected' || notWooCommerce) {
    if (outcome.code === 'rest_no_route' || outcome.status === 404)
      return refused(
        'pos_sync_not_woocommerce',
        `${kept} has no WooCommerce REST API (${kept}/wp-json/wc/v3/): give the shop's home URL, and check that WooCommerce is active.`,
      );
    return refused('pos_sync_key_refused', `WooCommerce refused the check: ${outcome.code}, ${outcome.message}`);
  }
  const message = outcome.message;
  if (/consumer key is invalid/i.test(message))
    return refused('pos_sync_wrong_key', 'WooCommerce does not know this consumer key: copy the key again from WooCommerce → Settings → Advanced → REST API.');
  if (/consumer secret is invalid/i.test(message))
    return refused(
      'pos_sync_wrong_key',
      'The consumer secret does not belong to this key: copy the secret again (WooCommerce shows it once, when the key is made).',
    );
  if (/does not have read permissions/i.test(message))
    return refused(
      'pos_sync_key_permissions',
      'The key has write permission only: Tillbase reads the catalogue, so it needs a key with Read/Write permissions.',
    );
  if (/invalid signature/i.test(message) && auth === 'oauth1') {
    // §1.2 and §1.3: a wrong secret and a wrong home URL get the same answer; the home URL tells them apart.
    const home = await homeUrlAnnounced(url);
    if (home !== undefined && home !== kept)
      return refused(
        'pos_sync_wrong_home_url',
        `WooCommerce refused the signature: over plain HTTP it checks requests signed for its home URL, which is ${home}, not ${kept}. Connect with the URL ${home}.`,
      );
    return refused(
      'pos_sync_wrong_key',
      `WooCommerce refused the signature: the consumer secret does not match the key (or ${kept} is not the shop's home URL, WordPress → Settings → General → Site Address).`,
    );
  }
  if (/invalid timestamp/i.test(message))
    return refused('pos_sync_clock', "WooCommerce refused the request's time: this till's clock and the shop's differ by more than 15 minutes.");
  return refused('pos_sync_key_refused', `WooCommerce refused the key: ${outcome.code}, ${message}`);
}

/**
 * Checks the key: a read (one product's id) and a create WooCommerce must refuse (WRITE_PROBE_STATUS).
 * Throws an ApiError whose message says what is wrong; the secret is never in a message.
 */
export async function checkKey(request: ConnectionRequest): Promise<CheckedKey> {
  const url = homeUrlOf(request.url);
  if (request.consumerKey.trim() === '' || request.consumerSecret === '')
    throw refused('pos_sync_wrong_key', 'Both the consumer key and the consumer secret are needed.');
  const warnings: string[] = [];
  if (url.protocol === 'http:' && !isLoopbackOrPrivate(url.hostname))
    warnings.push(
      `${keptForm(url)} is plain HTTP on a public address: requests are signed (OAuth 1.0a) but not encrypted, so sales and customers travel readable. Use https:// if the shop has it.`,
    );
  const client = new WooCommerceClient({
    url: keptForm(url),
    consumerKey: request.consumerKey.trim(),
    consumerSecret: request.consumerSecret,
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  const read = await client.get('products', { per_page: 1, _fields: 'id' });
  if (read.kind !== 'ok') throw await readRefusal(url, client.authentication, read);
  if (!Array.isArray(read.body)) throw refused('pos_sync_not_woocommerce', `${keptForm(url)} answered, but not as WooCommerce does: give the shop's home URL.`);

  const write = await client.post('orders', { status: WRITE_PROBE_STATUS });
  if (write.kind === 'unauthorized') {
    if (/write permissions/i.test(write.message))
      throw refused(
        'pos_sync_read_only_key',
        'The key is read-only: Tillbase sends sales, refunds, customers and stock to WooCommerce, so it needs a key with Read/Write permissions (WooCommerce → Settings → Advanced → REST API).',
      );
    throw await readRefusal(url, client.authentication, write);
  }
  if (write.kind === 'not_sent' || write.kind === 'unknown') throw unreachable(keptForm(url), write);
  if (write.kind === 'ok') {
    // Not seen on WooCommerce 10 (§16); should a shop make the order anyway, it is removed at once.
    const made = idOf(write.body);
    if (made !== undefined) await client.delete(`orders/${made}`, { force: true });
  } else if (write.code !== 'rest_invalid_param') {
    throw refused('pos_sync_key_refused', `WooCommerce refused the write check: ${write.code}, ${write.message}`);
  }
  return { url: keptForm(url), auth: client.authentication, warnings, client };
}
