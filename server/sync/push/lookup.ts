import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import { CREATED_VIA, uuidOf } from './order-body.js';
import type { QueryParams, WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';

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

/** `gmt` moved by `seconds`, as WooCommerce's date parameters take it. */
function shifted(gmt: string, seconds: number): string {
  return new Date(Date.parse(`${gmt}Z`) + seconds * 1000).toISOString().slice(0, 19);
}

function windowStart(createdGmt: string): string {
  return shifted(createdGmt, -CLOCK_MARGIN_SECONDS);
}

/** Our live orders (not drafts, not cancelled) created in the window (`date_created` after, and before if given), grouped by uuid, oldest first. */
async function ordersByUuid(
  client: WooCommerceClient,
  window: { after: string | null; before?: string },
): Promise<{ byUuid: Map<string, number[]> } | { failed: WooCommerceOutcome }> {
  const query: QueryParams = { created_via: CREATED_VIA };
  if (window.after !== null) Object.assign(query, { after: window.after, dates_are_gmt: 'true' });
  if (window.before !== undefined) Object.assign(query, { before: window.before, dates_are_gmt: 'true' });
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
  const listed = await ordersByUuid(client, { after: windowStart(createdGmt) });
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
 * Finds every sale (and return order) that exists more than once among our orders and cancels the
 * extra ones: a cancelled order gives its stock back in WooCommerce. The one kept is the one the
 * outbox recorded, else the oldest. Each cancelled id is recorded on its entry.
 *
 * Only the sales synced since the last sweep began are looked at, and those synced in the margin
 * before it (a request the client gave up on can still be carried out after its entry was sent
 * again, and a sweep may have run in between), so each sweep reads the orders made in a window
 * around them (`after` and `before` on `date_created`, §15.4, §17.3), not every order since the
 * connection. Orders in the window that are not of these sales (another till's) are left alone.
 */
export async function sweepDuplicates(
  client: WooCommerceClient,
  outbox: SyncOutboxRepository,
  connectedAtGmt: string | null,
  nowMs = Date.now(),
): Promise<SweepResult> {
  const began = new Date(nowMs).toISOString().slice(0, 19);
  const since = outbox.lastSweep() ?? connectedAtGmt;
  const from = since === null ? '' : shifted(since, -CLOCK_MARGIN_SECONDS);
  // A return order made twice is cancelled like a sale: pending, it moves no stock when cancelled (§19.5).
  const sales = [...outbox.salesSyncedSince(from), ...outbox.returnOrdersSyncedSince(from)];
  // Nothing synced since: nothing to read, and nothing written (the mark stands until a sweep has sales to look at).
  if (sales.length === 0) return { cancelled: [] };
  const earliest = sales.reduce((min, sale) => (sale.date_created_gmt < min ? sale.date_created_gmt : min), began);
  const listed = await ordersByUuid(client, { after: windowStart(earliest), before: shifted(began, CLOCK_MARGIN_SECONDS) });
  if ('failed' in listed) return { cancelled: [], failed: listed.failed };
  const swept = new Map(sales.map((sale) => [sale.uuid, sale]));
  const cancelled: number[] = [];
  for (const [uuid, wooIds] of listed.byUuid) {
    const entry = swept.get(uuid);
    if (wooIds.length < 2 || entry === undefined) continue; // Not one of these sales: another till sweeps its own.
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
  outbox.markSwept(began);
  return { cancelled };
}
