import type { RefundRecord } from '../../model/orders/refund-types.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import type { JournalRecord } from '../../model/records/journal.js';
import { RETURN_WITHOUT_RECEIPT } from '../../domain/orders/returns.js';
import { CREATED_VIA, META } from '../shop/our-orders.js';
import { lineBody, tillLabel, type WooProductRef } from './order-body.js';

/**
 * The body of a return without a receipt's *return order* (server/domain/orders/returns.ts), which
 * goes up before its refund (docs/woocommerce-observed.md §19). Pure, like order-body.ts.
 *
 * WooCommerce never sold these goods, so the order must take no stock, and its refund must put back
 * exactly what the till put back: it is made `pending` (a pending order takes no stock, §19.1), its
 * lines marked `_reduced_stock` with their quantity only when the refund restocks (`api_restock`
 * puts back only marked lines, §19.2-§19.3). The till's full refund then leaves it `refunded`.
 *
 * The return order has no journal entry of its own: it carries the uuid of its refund's entry, so
 * the lookup after an unknown outcome finds it among our orders as it finds a sale (the refund, with
 * the same uuid, is looked for among this order's refunds only).
 */

/** Whether a till order is a return order (goods taken back without their sale). */
export function isReturnOrder(order: OrderRecord): boolean {
  return order.meta_data.some((entry) => entry.key === RETURN_WITHOUT_RECEIPT);
}

export interface ReturnSources {
  order: OrderRecord;
  /** The return's refund, refunding the whole order. */
  refund: RefundRecord;
  /** The refund's journal entry. */
  entry: JournalRecord;
  /** By the till's order item id. */
  products: ReadonlyMap<number, WooProductRef | null>;
  /** This till's installation id, as on its sales (order-body.ts `tillLabel`). */
  tillId: string;
}

export function returnOrderBody(sources: ReturnSources): Record<string, unknown> {
  const { order, refund, entry } = sources;
  const restocked = new Map(refund.restock ? refund.line_items.map((line) => [line.refunded_item_id, line.quantity]) : []);
  const lineItems = itemsOfType(order.items, 'line_item').map((item) => {
    const line = lineBody(item, sources.products.get(item.id) ?? null);
    const quantity = restocked.get(item.id);
    if (quantity === undefined) return line;
    const meta = Array.isArray(line.meta_data) ? (line.meta_data as unknown[]) : [];
    return { ...line, meta_data: [...meta, { key: '_reduced_stock', value: String(quantity) }] };
  });
  const filled = Object.entries(order.billing).filter(([, value]) => value !== '');
  return {
    status: 'pending',
    created_via: CREATED_VIA,
    currency: order.currency,
    payment_method: order.payment_method,
    payment_method_title: order.payment_method_title,
    line_items: lineItems,
    ...(filled.length > 0 ? { billing: Object.fromEntries(filled) } : {}),
    meta_data: [
      { key: META.uuid, value: entry.id },
      { key: META.returnedAt, value: entry.date_created_gmt },
      ...tillLabel(entry, sources.tillId),
      { key: RETURN_WITHOUT_RECEIPT, value: 'yes' },
    ],
  };
}
