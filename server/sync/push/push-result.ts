import type { WooCommerceOutcome } from '../shop/client.js';

/** How one entry's push ended. `not_sent`, `unknown` and `unauthorized` carry the outcome that decided it. */
export type PushResult =
  | { kind: 'synced'; wooId: number | null; totalsDifference?: string | null; note?: { code: string; message: string } }
  | { kind: 'rejected'; code: string; message: string }
  | { kind: 'not_sent' | 'unknown' | 'unauthorized'; code: string; message: string }
  /** Nothing was sent: what it needs is not in WooCommerce yet (another till's sale). Tried again later; what follows goes on. */
  | { kind: 'waiting'; code: string; message: string };

/** What a request that creates nothing (a read, a lookup) ended in, when it was not ok: nothing was made either way. */
export function nothingMade(outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }>): PushResult {
  if (outcome.kind === 'unauthorized') return { kind: 'unauthorized', code: outcome.code, message: outcome.message };
  if (outcome.kind === 'rejected') return { kind: 'rejected', code: outcome.code, message: outcome.message };
  return { kind: 'not_sent', code: outcome.cause, message: outcome.message };
}

/** What a create ended in, when it was not ok. */
export function createFailed(outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }>): PushResult {
  if (outcome.kind === 'unknown') return { kind: 'unknown', code: outcome.code ?? outcome.cause, message: outcome.message };
  if (outcome.kind === 'not_sent') return { kind: 'not_sent', code: outcome.cause, message: outcome.message };
  return nothingMade(outcome);
}

/**
 * A 2xx answer without what the push needs of it (an id): whatever WooCommerce did is not known, so
 * the entry is looked up, as after a lost answer, before anything is sent again.
 */
export const unreadable = (what: string): PushResult => ({
  kind: 'unknown',
  code: 'unreadable_answer',
  message: `WooCommerce's answer to ${what} could not be read`,
});
