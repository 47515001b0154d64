import type { SyncOutboxRepository } from '../data/repositories/sync-outbox.js';
import { CREATED_VIA, uuidOf } from './order-payload.js';
import type { WooCommerceClient, WooCommerceOutcome } from './woocommerce-client.js';

/**
 * Exactly once without help from WooCommerce (issue 23, item 4): it has no idempotency key and its
 * `search` does not look in meta (docs/woocommerce-observed.md §3.1, §3.4), so an order whose create
 * had an unknown outcome is found by listing our own orders (`created_via=tillbase`, §3.2) in a time
 * window and reading their `_tillbase_uuid` meta (§3.3).
 */

/** Orders that are not sales: a draft left by a refused coupon (§4.2), and what the sweep cancelled. */
const NOT_A_SALE = new Set(['checkout-draft', 'cancelled', 'trash', 'failed']);

/**
 * The window's start before the entry was made: OAuth refuses a timestamp more than 15 minutes off the
 * shop's clock (§1.5), so a shop that took our request is at most that far from the till's clock.
 */
const CLOCK_MARGIN_SECONDS = 20 * 60;

interface WooOrder {
  id: number;
  status: string;
}

export type Lookup = { kind: 'found'; wooIds: number[] } | { kind: 'absent' } | { kind: 'failed'; outcome: WooCommerceOutcome };

function windowStart(createdGmt: string): string {
  return new Date(Date.parse(`${createdGmt}Z`) - CLOCK_MARGIN_SECONDS * 1000).toISOString().slice(0, 19);
}

/** Our live orders (not drafts, not cancelled) created since `sinceGmt`, grouped by uuid, oldest first. */
async function ordersByUuid(client: WooCommerceClient, sinceGmt: string | null): Promise<{ byUuid: Map<string, number[]> } | { failed: WooCommerceOutcome }> {
  const query = sinceGmt === null ? { created_via: CREATED_VIA } : { created_via: CREATED_VIA, after: windowStart(sinceGmt), dates_are_gmt: 'true' };
  const { outcome, records } = await client.getAll('orders', query);
  if (outcome.kind !== 'ok') return { failed: outcome };
  const byUuid = new Map<string, number[]>();
  for (const record of records as WooOrder[]) {
    const uuid = uuidOf(record);
    if (uuid === undefined || NOT_A_SALE.has(record.status)) continue;
    byUuid.set(
      uuid,
      [...(byUuid.get(uuid) ?? []), record.id].sort((a, b) => a - b),
    );
  }
  return { byUuid };
}

/** Whether the order of `uuid` (an outbox entry made at `createdGmt`) is in WooCommerce. */
export async function lookUpOrder(client: WooCommerceClient, uuid: string, createdGmt: string): Promise<Lookup> {
  const listed = await ordersByUuid(client, createdGmt);
  if ('failed' in listed) return { kind: 'failed', outcome: listed.failed };
  const wooIds = listed.byUuid.get(uuid);
  return wooIds ? { kind: 'found', wooIds } : { kind: 'absent' };
}

/** Whether the refund of `uuid` is among the order's refunds (§5.4; refunds keep `_` meta, §5.1). */
export async function lookUpRefund(client: WooCommerceClient, wooOrderId: number, uuid: string): Promise<Lookup> {
  const { outcome, records } = await client.getAll(`orders/${wooOrderId}/refunds`);
  if (outcome.kind !== 'ok') return { kind: 'failed', outcome };
  const wooIds = (records as Array<{ id: number }>).filter((r) => uuidOf(r) === uuid).map((r) => r.id);
  return wooIds.length > 0 ? { kind: 'found', wooIds } : { kind: 'absent' };
}

export interface SweepResult {
  cancelled: number[];
  failed?: WooCommerceOutcome;
}

/**
 * Finds every sale that exists more than once among our orders and cancels the extra ones: a
 * cancelled order gives its stock back in WooCommerce. The one kept is the one the outbox recorded,
 * else the oldest. Each cancelled id is recorded on its entry.
 */
export async function sweepDuplicates(client: WooCommerceClient, outbox: SyncOutboxRepository, sinceGmt: string | null): Promise<SweepResult> {
  const listed = await ordersByUuid(client, sinceGmt);
  if ('failed' in listed) return { cancelled: [], failed: listed.failed };
  const cancelled: number[] = [];
  for (const [uuid, wooIds] of listed.byUuid) {
    if (wooIds.length < 2) continue;
    const entry = outbox.findByUuid(uuid);
    if (entry === undefined) continue; // Not this till's: another till sweeps its own.
    const keep = entry.woo_id !== null && wooIds.includes(entry.woo_id) ? entry.woo_id : wooIds[0];
    const extra = wooIds.filter((id) => id !== keep);
    const done: number[] = [];
    for (const wooId of extra) {
      const outcome = await client.put(`orders/${wooId}`, { status: 'cancelled' });
      if (outcome.kind !== 'ok') return { cancelled, failed: outcome };
      done.push(wooId);
      cancelled.push(wooId);
    }
    outbox.recordDuplicatesCancelled(entry.id, done);
  }
  return { cancelled };
}
