import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import { toGmt } from '../../model/dates.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';
import { listOurOrders, salesByUuid, windowEnd, windowStart } from '../shop/our-orders.js';

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
  const began = toGmt(new Date(nowMs));
  const since = outbox.lastSweep() ?? connectedAtGmt;
  const from = since === null ? '' : windowStart(since);
  // A return order made twice is cancelled like a sale: pending, it moves no stock when cancelled (§19.5).
  const sales = [...outbox.salesSyncedSince(from), ...outbox.returnOrdersSyncedSince(from)];
  // Nothing synced since: nothing to read, and nothing written (the mark stands until a sweep has sales to look at).
  if (sales.length === 0) return { cancelled: [] };
  const earliest = sales.reduce((min, sale) => (sale.date_created_gmt < min ? sale.date_created_gmt : min), began);
  const listed = await listOurOrders(client, { after: windowStart(earliest), before: windowEnd(began) });
  if ('failed' in listed) return { cancelled: [], failed: listed.failed };
  const swept = new Map(sales.map((sale) => [sale.uuid, sale]));
  const cancelled: number[] = [];
  for (const [uuid, wooIds] of salesByUuid(listed.orders)) {
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
