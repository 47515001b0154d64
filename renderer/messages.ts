/**
 * What the till says when a request fails. CONTRACT 5's sentence stays as the message; the line
 * under it says in plain words which of the two cases it is, from the server's `code` and
 * `data.reason`: the role lacks a capability (named, with a manager to ask), or the session ended.
 */
import { ApiRequestError, StillUnauthorizedError } from './api-client.js';

export interface StatusNote {
  kind: 'error' | 'info';
  message: string;
  /** The plain-words explanation under the message. */
  explanation?: string | null;
  /** The server's code and reason, for whoever supports the till. */
  detail?: string | null;
}

const CAPABILITY_WORDS: Readonly<Record<string, string>> = {
  manage_pos: 'manage the till',
  manage_stores: 'manage stores',
  manage_products: 'change the catalogue',
  refund_orders: 'refund orders',
  create_orders: 'create orders',
  edit_orders: 'change orders',
  read_orders: 'see orders',
  list_customers: 'see customers',
  create_customers: 'add customers',
  handle_cash: 'handle the cash drawer',
};

export function errorDetail(code: string, reason: string | null): string {
  return reason === null ? `code: ${code}` : `code: ${code} · reason: ${reason}`;
}

/** The line under CONTRACT 5's sentence, or null when the server said nothing that tells the cases apart. */
export function explainUnauthorized(error: ApiRequestError): string | null {
  const capability = typeof error.data.capability === 'string' ? error.data.capability : null;
  if (error.code === 'pos_rest_forbidden' || error.reason === 'missing_capability' || capability !== null) {
    const name = capability ?? 'a capability';
    const words = capability === null ? undefined : CAPABILITY_WORDS[capability];
    return `Your role does not have the capability ${name}${words === undefined ? '' : ` (to ${words})`}. Ask a manager to do this, or to give your role that capability.`;
  }
  if (error.code.startsWith('pos_auth_') || error.code === 'pos_rest_unauthorized') return 'Your session has ended. Log in again to carry on.';
  return null;
}

/**
 * The server's refusal to sell beyond stock names its setting keys; the till says it in a
 * cashier's words, with the server's code kept for support.
 */
function stockNote(error: ApiRequestError): StatusNote {
  const { name, stock_quantity: left, quantity } = error.data;
  const what = typeof name === 'string' ? name : 'an item';
  const count = (value: unknown): string => (typeof value === 'number' ? String(value) : 'too few');
  return {
    kind: 'error',
    message: `Not enough stock of ${what}: ${count(left)} in stock, ${count(quantity)} in this sale.`,
    explanation: 'This shop sells only what it has in stock: take some off the sale. If more is on the shelf, a manager can correct the stock level.',
    detail: errorDetail(error.code, error.reason),
  };
}

export function noteOf(error: unknown): StatusNote {
  if (error instanceof StillUnauthorizedError) {
    return { kind: 'error', message: error.message, explanation: explainUnauthorized(error), detail: errorDetail(error.code, error.reason) };
  }
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return { kind: 'error', message: error.message, explanation: 'Check that Tillbase is running, then try again.', detail: null };
    if (error.code === 'pos_rest_insufficient_stock') return stockNote(error);
    const params = error.data.params;
    const fields =
      typeof params === 'object' && params !== null
        ? Object.values(params as Record<string, unknown>).filter((value): value is string => typeof value === 'string')
        : [];
    return { kind: 'error', message: error.message, explanation: fields.length > 0 ? fields.join(' ') : null, detail: errorDetail(error.code, error.reason) };
  }
  return { kind: 'error', message: 'Something went wrong in the till app.', explanation: null, detail: error instanceof Error ? error.message : null };
}
