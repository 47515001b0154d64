import { listOurOrders, salesByUuid, uuidOf, windowStart } from '../shop/our-orders.js';
import { toGmtMillis } from '../../model/dates.js';
import { idOf, objectsOf } from '../shop/answers.js';
import type { WooCommerceClient, WooCommerceOutcome } from '../shop/client.js';

/**
 * Exactly once without help from WooCommerce (issue 23, item 4): an order whose create had an
 * unknown outcome is found among our orders (shop/our-orders.ts) made in a window around its entry,
 * by its `_tillbase_uuid`, and sent again only when it is absent; a refund among its order's refunds.
 */

export type Lookup = { kind: 'found'; wooIds: number[] } | { kind: 'absent' } | { kind: 'failed'; outcome: Exclude<WooCommerceOutcome, { kind: 'ok' }> };

/** What an order's lookup needs of its outbox entry. */
export interface LookedUpEntry {
  uuid: string;
  date_created_gmt: string;
  /** Not before then may it be looked up: the grace for a request that may still be under way in WooCommerce. */
  next_attempt_gmt: string | null;
}

/** One listing of our orders: from when, read when, and our sales in it by uuid. */
interface Listing {
  after: string;
  /** When the listing's first request left: what it shows is WooCommerce as it stood then or later. */
  takenGmt: string;
  byUuid: Map<string, number[]>;
}

/**
 * The order lookups of one push pass (issue 32: a backlog's unknown outcomes, after a lost batch
 * or a kill mid-batch, were looked up one listing each: 300 unknown sales of a day's backlog read the
 * day's orders 300 times). A listing serves every later lookup whose window it covers and whose grace
 * had ended when it was read, so no sale is taken for absent on a reading older than its grace
 * allows; any other lookup reads WooCommerce again.
 */
export class OrderLookups {
  private listing: Listing | undefined;

  constructor(private readonly client: WooCommerceClient) {}

  /** Whether the order of `entry` is in WooCommerce. */
  async order(entry: LookedUpEntry): Promise<Lookup> {
    const after = windowStart(entry.date_created_gmt);
    const held = this.listing;
    const reusable = held !== undefined && held.after <= after && entry.next_attempt_gmt !== null && entry.next_attempt_gmt <= held.takenGmt;
    const listing = reusable ? held : await this.list(after);
    if ('failed' in listing) return { kind: 'failed', outcome: listing.failed };
    const wooIds = listing.byUuid.get(entry.uuid);
    return wooIds ? { kind: 'found', wooIds } : { kind: 'absent' };
  }

  private async list(after: string): Promise<Listing | { failed: Exclude<WooCommerceOutcome, { kind: 'ok' }> }> {
    const takenGmt = toGmtMillis(new Date());
    const listed = await listOurOrders(this.client, { after });
    if ('failed' in listed) return listed;
    this.listing = { after, takenGmt, byUuid: salesByUuid(listed.orders) };
    return this.listing;
  }
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
