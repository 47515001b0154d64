/**
 * Each sale's way up to WooCommerce in the Orders history: "Waiting to send", "Sending", "Checking",
 * "In WooCommerce #1234", or "Needs attention" with WooCommerce's reason. Asked with
 * `GET /sync/orders` for the orders shown (the cashier reads it too) and again every interval.
 */
import { useState } from 'preact/hooks';
import type { OrderSyncView } from '../../shared/resources/sync-screens.js';
import * as syncApi from '../api/sync.js';
import { badgeWords } from '../sync-words.js';
import { useTill } from './context.js';
import { useSyncPolling } from './sync-polling.js';

/** The sync state of each of these orders that has one, by order id. */
export function useOrderSync(orderIds: readonly number[]): ReadonlyMap<number, OrderSyncView> {
  const { till } = useTill();
  const [views, setViews] = useState<ReadonlyMap<number, OrderSyncView>>(new Map());
  useSyncPolling(() => {
    if (orderIds.length === 0) return;
    // A failed ask keeps the badges shown: they are news, never needed to sell.
    syncApi.ofOrders(till.client, orderIds).then(
      (answer) => {
        setViews(new Map(answer.map((view) => [view.order_id, view])));
      },
      () => undefined,
    );
  }, orderIds.join(','));
  return views;
}

export function SyncBadge(props: { sync: OrderSyncView | undefined }) {
  if (props.sync === undefined) return null;
  const { tone, text, reason } = badgeWords(props.sync);
  return (
    <span class="sync-badge-wrap" data-order-sync={props.sync.order_id}>
      <span class={`badge sync-badge sync-${tone}`}>{text}</span>
      {reason !== null && <span class="sync-reason">{reason}</span>}
    </span>
  );
}
