/**
 * A gift receipt for one sale: the server renders the order with the gallery's gift-receipt
 * template (items and quantities, the gift note; no prices, no payment), shown and printed in the
 * receipt dialog like any receipt.
 */
import * as receiptsApi from '../api/receipts.js';
import { useTill, useTillState } from './context.js';

export function GiftReceiptButton(props: { orderId: number }) {
  const { till } = useTill();
  const busy = useTillState((state) => state.busy);
  const show = async (): Promise<void> => {
    try {
      const html = await receiptsApi.orderReceiptHtml(till.client, props.orderId, receiptsApi.GIFT_RECEIPT_TEMPLATE);
      till.state.set({ receipt: { orderId: props.orderId, html } });
    } catch (error) {
      till.fail(error);
    }
  };
  return (
    <button type="button" class="button" disabled={busy} onClick={() => void show()}>
      Gift receipt
    </button>
  );
}
