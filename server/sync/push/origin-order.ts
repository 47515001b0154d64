import type { AdoptedOrder } from '../../data/repositories/shop-refunds.js';
import type { WooCommerceClient } from '../shop/client.js';
import { madeOrderOf, type MadeOrder } from './answers.js';
import { OrderLookups } from './lookup.js';
import { nothingMade, unreadable, type PushResult } from './push-result.js';

/**
 * The WooCommerce order of another till's sale this till refunds (its copy, adopted here): the
 * selling till sent it (this till never does), so it is found by the uuid of that sale, and read for
 * its lines, which the caller maps to the copy's in the order the sale listed them. Not there yet
 * (its till has not sent it, or is off): the refund waits and is tried again later, without holding
 * up what follows it in the outbox.
 */
export async function originOrderOf(
  client: WooCommerceClient,
  adopted: AdoptedOrder,
): Promise<{ ok: true; made: MadeOrder } | { ok: false; result: PushResult }> {
  // Read afresh (no grace to wait out: another till sent it), so an order sent since a listing of this pass is seen.
  const lookup = await new OrderLookups(client).order({ uuid: adopted.origin_uuid, date_created_gmt: adopted.origin_date_gmt, next_attempt_gmt: null });
  if (lookup.kind === 'failed') return { ok: false, result: nothingMade(lookup.outcome) };
  if (lookup.kind === 'absent') {
    return {
      ok: false,
      result: {
        kind: 'waiting',
        code: 'tillbase_sale_not_in_woocommerce',
        message: `sale ${adopted.origin_number} is not in WooCommerce yet (its till sends it): the refund goes once it is`,
      },
    };
  }
  const wooId = lookup.wooIds[0] ?? 0;
  const read = await client.get(`orders/${wooId}`);
  if (read.kind !== 'ok') return { ok: false, result: nothingMade(read) };
  const made = madeOrderOf(read.body);
  if (made === undefined) return { ok: false, result: unreadable(`the order ${wooId} read back`) };
  return { ok: true, made };
}
