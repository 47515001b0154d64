import { listOurOrders, salesByUuid, uuidOf, windowStart } from '../shop/our-orders.js';
import { idOf, objectsOf } from '../shop/answers.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';

/**
 * Exactly once without help from WooCommerce (issue 23, item 4): an order whose create had an
 * unknown outcome is found among our orders (shop/our-orders.ts) made in a window around its entry,
 * by its `_tillbase_uuid`, and sent again only when it is absent; a refund among its order's refunds.
 */

export type Lookup = { kind: 'found'; wooIds: number[] } | { kind: 'absent' } | { kind: 'failed'; outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }> };

/** Whether the order of `uuid` (an outbox entry made at `createdGmt`) is in WooCommerce. */
export async function lookUpOrder(client: WooCommerceClient, uuid: string, createdGmt: string): Promise<Lookup> {
  const listed = await listOurOrders(client, { after: windowStart(createdGmt) });
  if ('failed' in listed) return { kind: 'failed', outcome: listed.failed };
  const wooIds = salesByUuid(listed.orders).get(uuid);
  return wooIds ? { kind: 'found', wooIds } : { kind: 'absent' };
}

/** Whether the refund of `uuid` is among the order's refunds (§5.4; refunds keep `_` meta, §5.1). */
export async function lookUpRefund(client: WooCommerceClient, wooOrderId: number, uuid: string): Promise<Lookup> {
  const { outcome, records } = await client.getAll(`orders/${wooOrderId}/refunds`);
  if (outcome.kind !== 'ok') return { kind: 'failed', outcome };
  const wooIds = objectsOf(records).flatMap((refund) => {
    const id = idOf(refund);
    return id !== undefined && uuidOf(refund) === uuid ? [id] : [];
  });
  return wooIds.length > 0 ? { kind: 'found', wooIds } : { kind: 'absent' };
}
