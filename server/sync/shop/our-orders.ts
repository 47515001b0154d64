import { shiftedGmt } from '../../model/dates.js';
import { idOf, isJson, objectsOf, text, type Json } from './answers.js';
import type { QueryParams, WooCommerceClient, WooCommerceOutcome } from './client.js';

/**
 * What marks this till's orders among WooCommerce's (docs/woocommerce-observed.md §3): how the push
 * writes them, and how the lookup, the duplicate sweep and `sync verify` find them again. One module,
 * so that the sweep and the proof can never disagree on what a sale is: a disagreement would make the
 * proof report the sweep's own work as a fault.
 *
 * WooCommerce has no idempotency key and its `search` does not look in meta (§3.1, §3.4): an order is
 * ours by `created_via` (§3.2), and is one of the till's sales by its `_tillbase_uuid` meta (§3.3).
 */

export const CREATED_VIA = 'tillbase';

/** The meta the push writes on an order or refund, read back by the lookup and the proof. */
export const META = {
  /** The journal entry's id: the one key by which an order or refund is found again. */
  uuid: '_tillbase_uuid',
  /** The till an order or refund came from: its installation id, made once with its database. */
  till: '_tillbase_till',
  /** The register's id in the till's own database (every till's first register is 1). */
  register: '_tillbase_register',
  /** The register's name as the receipt printed it (the journal entry's). */
  registerName: '_tillbase_register_name',
  sequence: '_tillbase_sequence',
  hash: '_tillbase_hash',
  previousHash: '_tillbase_previous_hash',
  soldAt: '_tillbase_sold_at_gmt',
  returnedAt: '_tillbase_returned_at_gmt',
  /** A sale paid with more than one tender: each with its amount and change. */
  tenders: '_tillbase_tenders',
  /** On a product: the uuids of this till's last stock adjustments WooCommerce added (its key ends in the till's id). */
  stockMoves: '_tillbase_stock_moves',
  /** A line whose product WooCommerce does not have: the till's SKU, which may be empty. */
  sku: '_tillbase_sku',
} as const;

/** Orders that are not sales: a draft left by a refused coupon (§4.2), and the duplicates the sweep cancelled. */
const NOT_A_SALE = new Set(['checkout-draft', 'cancelled', 'trash', 'failed']);

/** Whether one of our orders stands as a sale (or a return order), as opposed to a draft or a cancelled duplicate. */
export const isSale = (order: OurOrder): boolean => !NOT_A_SALE.has(order.status);

/**
 * How far before an entry was made the window of a lookup starts (and after the sweep's start it
 * ends): OAuth refuses a timestamp more than 15 minutes off the shop's clock (§1.5), so a shop that
 * took our request is at most that far from the till's clock.
 */
const CLOCK_MARGIN_SECONDS = 20 * 60;

/** The start of the window in which an order made at `createdGmt` (the till's clock) was created in WooCommerce. */
export const windowStart = (createdGmt: string): string => shiftedGmt(createdGmt, -CLOCK_MARGIN_SECONDS);

/** The end of the window of orders made up to `gmt` (the till's clock). */
export const windowEnd = (gmt: string): string => shiftedGmt(gmt, CLOCK_MARGIN_SECONDS);

/** The `_tillbase_uuid` of an order or refund WooCommerce answered, if it has one. */
export function uuidOf(record: unknown): string | undefined {
  if (!isJson(record)) return undefined;
  const found = objectsOf(record.meta_data).find((entry) => entry.key === META.uuid);
  return typeof found?.value === 'string' ? found.value : undefined;
}

/** One of our orders (or refunds) as WooCommerce answered it, with the fields the lookup and the proof read. */
export interface OurOrder {
  readonly id: number;
  readonly status: string;
  readonly uuid: string | undefined;
  /** The whole record, for the fields read by name (totals, meta, refunds). */
  readonly record: Json;
}

/** The records of an answer that have an id, read as our orders; anything else in the list is left out. */
export function ourOrdersOf(records: readonly unknown[]): OurOrder[] {
  return records.flatMap((record) => {
    const id = idOf(record);
    return id === undefined || !isJson(record) ? [] : [{ id, status: text(record.status), uuid: uuidOf(record), record }];
  });
}

/** Our orders, all or those created in a window (`date_created` after, and before if given, GMT). */
export async function listOurOrders(
  client: WooCommerceClient,
  window?: { after: string; before?: string },
): Promise<{ orders: OurOrder[] } | { failed: Exclude<WooCommerceOutcome, { kind: 'ok' }> }> {
  const query: QueryParams = { created_via: CREATED_VIA };
  if (window !== undefined) Object.assign(query, { after: window.after, dates_are_gmt: 'true' });
  if (window?.before !== undefined) Object.assign(query, { before: window.before, dates_are_gmt: 'true' });
  const { outcome, records } = await client.getAll('orders', query);
  if (outcome.kind !== 'ok') return { failed: outcome };
  return { orders: ourOrdersOf(records) };
}

/** Our sales (not drafts, not cancelled) by uuid, each uuid's WooCommerce ids oldest first. */
export function salesByUuid(orders: readonly OurOrder[]): Map<string, number[]> {
  const byUuid = new Map<string, number[]>();
  for (const order of orders) {
    if (order.uuid === undefined || !isSale(order)) continue;
    byUuid.set(
      order.uuid,
      [...(byUuid.get(order.uuid) ?? []), order.id].sort((a, b) => a - b),
    );
  }
  return byUuid;
}
