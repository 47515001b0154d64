import type { SyncIdsRepository } from '../../data/repositories/sync-ids.js';
import type { SyncOutboxRepository } from '../../data/repositories/sync-outbox.js';
import type { OutboxEntry, OutboxState } from '../../model/records/sync.js';
import type { OrderSyncView } from '../../../shared/resources/sync-screens.js';
import { LINES_BY_NAME } from '../push/order-body.js';

/**
 * Where each order's sale and refunds are on their way to WooCommerce, for the badges of the till's
 * Orders history (`GET /pos/v1/sync/orders`, read by whoever reads orders). An order none of whose
 * entries is in the outbox (sold before the till was connected) has no badge and is left out.
 */

/** Which state an order shows when its entries differ: what needs someone first, then the least advanced. */
const SHOWN_FIRST: readonly OutboxState[] = ['rejected', 'unknown', 'sending', 'pending', 'handled', 'synced'];

function viewOf(orderId: number, entries: readonly OutboxEntry[], wooOrderId: () => number | undefined): OrderSyncView {
  const state = SHOWN_FIRST.find((candidate) => entries.some((entry) => entry.state === candidate)) ?? 'pending';
  // A sale in WooCommerce whose lines went by name (their product deleted there since) says so too.
  const refused =
    entries.find((entry) => entry.state === 'rejected') ??
    entries.find((entry) => entry.kind === 'sale' && entry.state === 'synced' && entry.last_error_code === LINES_BY_NAME);
  return {
    order_id: orderId,
    state,
    // A return without a receipt has no sale entry: its return order went up with its refund's entry.
    woo_id: entries.find((entry) => entry.kind === 'sale')?.woo_id ?? wooOrderId() ?? null,
    reason: refused === undefined ? null : { code: refused.last_error_code ?? '', message: refused.last_error_message ?? '' },
  };
}

export class OrderSyncStates {
  constructor(
    private readonly outbox: SyncOutboxRepository,
    private readonly ids: SyncIdsRepository,
  ) {}

  /** The orders among `orderIds` that have anything in the outbox, in the order asked. */
  of(orderIds: readonly number[]): OrderSyncView[] {
    const byOrder = new Map<number, OutboxEntry[]>();
    for (const entry of this.outbox.ofOrders(orderIds)) {
      if (entry.order_id === null) continue;
      byOrder.set(entry.order_id, [...(byOrder.get(entry.order_id) ?? []), entry]);
    }
    return orderIds.flatMap((id) => {
      const entries = byOrder.get(id);
      return entries === undefined ? [] : [viewOf(id, entries, () => this.ids.wooId('order', id))];
    });
  }
}
