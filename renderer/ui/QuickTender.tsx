/** The cart's quick tender: one tap takes cash of exactly the amount due and completes the sale, with no dialog. */
import { formatPrice } from '../format.js';
import { useTill, useTillState } from './context.js';

export function QuickTender() {
  const { payment } = useTill();
  const order = useTillState((state) => state.order);
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const cashTaken = useTillState((state) => state.gateways.some((gateway) => gateway.id === 'pos_cash'));
  // Part of the sale already paid (a split payment): the rest is taken in the payment dialog.
  const partPaid = useTillState((state) => state.order !== null && state.checkout?.order_id === state.order.id && (state.checkout.payments ?? []).length > 0);
  // An exchange's credit pays first: the cash due is not the total, so the payment dialog takes it.
  const exchangePending = useTillState((state) => state.exchange !== null);
  if (!cashTaken || order === null || order.line_items.length === 0 || partPaid || exchangePending) return null;
  return (
    <button type="button" id="quick-cash" class="button button-primary quick-cash" disabled={busy} onClick={() => void payment.payExactCash()}>
      Cash {formatPrice(order.total, store)}
    </button>
  );
}
