import { isJson } from './answers.js';

/**
 * What became of one request to WooCommerce, as a value the sync decides on (docs/woocommerce-observed.md
 * §2-§5). What matters is whether WooCommerce may have acted on it:
 *
 * - `ok`: a 2xx answer with a JSON body.
 * - `not_sent`: no connection was opened (refused, no such host, no route): WooCommerce saw nothing,
 *   so the request may simply be sent again.
 * - `unknown`: the request left, and what WooCommerce did is not known: a timeout after the connection
 *   opened, a reset, a 5xx, a 2xx whose body is not JSON, and any answer that is not WooCommerce's own
 *   (a redirect or 4xx page of a captive portal or a proxy): a sale is never given up for those. WooCommerce has no idempotency key, so a
 *   create must be looked up before it is sent again.
 * - `unauthorized`: 401 or 403, with WooCommerce's code (`woocommerce_rest_authentication_error`,
 *   `woocommerce_rest_cannot_create`, ...): the key, its permissions or the signature; nothing was done.
 * - `rejected`: any other 4xx with WooCommerce's error body, and a refund refused with a 500, with WooCommerce's code and message: the request was
 *   refused as it stands (though a refused order create may leave a `checkout-draft` order behind, whose
 *   id is in `data.new_draft_order_id`).
 *
 * No outcome carries the consumer secret, a signature or a query string.
 */
export type WooCommerceOutcome =
  | { readonly kind: 'ok'; readonly status: number; readonly body: unknown; readonly paging: Paging }
  | { readonly kind: 'not_sent'; readonly cause: string; readonly message: string }
  | { readonly kind: 'unknown'; readonly cause: UnknownCause; readonly status?: number; readonly code?: string; readonly message: string }
  | { readonly kind: 'unauthorized'; readonly status: number; readonly code: string; readonly message: string }
  | { readonly kind: 'rejected'; readonly status: number; readonly code: string; readonly message: string; readonly data?: unknown };

export type UnknownCause = 'timeout' | 'reset' | 'server_error' | 'unreadable_answer' | 'not_woocommerce';

/** WooCommerce's paging headers (X-WP-Total, X-WP-TotalPages), null where it sent none. */
export interface Paging {
  readonly total: number | null;
  readonly totalPages: number | null;
}

/**
 * Refusals WooCommerce sends with status 500. A refund that wc_create_refund() refuses (an amount
 * larger than what is left, a gateway that cannot refund) comes back 500 with this code, and no
 * refund is left behind (docs/woocommerce-observed.md §5.3): the outcome is known.
 */
const REFUSALS_SENT_AS_500 = new Set(['woocommerce_rest_cannot_create_order_refund']);

const isWooCommerceError = (body: unknown): boolean => isJson(body) && typeof body.code === 'string';

/** WooCommerce's error body, `{ code, message, data: { status, ... } }`, or what stands in for it. */
export function errorFields(body: unknown, status: number): { code: string; message: string; data?: unknown } {
  if (isJson(body) && typeof body.code === 'string') {
    return { code: body.code, message: typeof body.message === 'string' ? body.message : '', data: body.data };
  }
  return { code: `http_${status}`, message: `HTTP ${status} without a WooCommerce error body` };
}

/** Classifies an answer that arrived whole. */
export function classifyAnswer(status: number, body: unknown, bodyIsJson: boolean, paging: Paging): WooCommerceOutcome {
  if (status >= 200 && status < 300) {
    if (!bodyIsJson) return { kind: 'unknown', cause: 'unreadable_answer', status, message: `HTTP ${status} with a body that is not JSON` };
    return { kind: 'ok', status, body, paging };
  }
  const fields = errorFields(body, status);
  // A redirect or a 4xx without WooCommerce's error body (a captive portal's login page, a proxy's
  // refusal) was answered by something in the way, not by the shop: nothing says the shop refused it.
  if (status < 500 && !isWooCommerceError(body)) return { kind: 'unknown', cause: 'not_woocommerce', status, code: fields.code, message: fields.message };
  if (status >= 500 && !REFUSALS_SENT_AS_500.has(fields.code))
    return { kind: 'unknown', cause: 'server_error', status, code: fields.code, message: fields.message };
  if (status === 401 || status === 403) return { kind: 'unauthorized', status, code: fields.code, message: fields.message };
  return fields.data === undefined
    ? { kind: 'rejected', status, code: fields.code, message: fields.message }
    : { kind: 'rejected', status, code: fields.code, message: fields.message, data: fields.data };
}

/** What one outcome says of the link to the shop: WooCommerce answered as itself, nothing was reached, or something else answered. */
export type LinkReading = { readonly link: 'online' } | { readonly link: 'offline' } | { readonly link: 'degraded'; readonly reason: string };

/**
 * Online only on an answer of WooCommerce's (a JSON success or refusal, a refused key included);
 * offline when no connection opened; degraded on a 5xx, a timeout or broken answer, or an answer
 * that is not WooCommerce's JSON (a captive portal's page, a proxy's error), which a shop must not
 * read as its sales arriving.
 */
export function linkReading(outcome: WooCommerceOutcome): LinkReading {
  switch (outcome.kind) {
    case 'ok':
    case 'unauthorized':
      return { link: 'online' };
    case 'not_sent':
      return { link: 'offline' };
    case 'unknown':
      if (outcome.cause === 'not_woocommerce') return { link: 'degraded', reason: `HTTP ${outcome.status ?? 0} that is not WooCommerce's answer` };
      return { link: 'degraded', reason: outcome.status === undefined ? outcome.message : `HTTP ${outcome.status}: ${outcome.message}` };
    case 'rejected':
      return { link: 'online' };
  }
}
