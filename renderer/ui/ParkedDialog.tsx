/** Parked orders (on hold), newest first, then the user's unfinished sales; resuming one makes it the cart, an unfinished one may be voided. */
import { formatPrice } from '../format.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';

export function ParkedDialog(props: { onClose: () => void }) {
  const { sale } = useTill();
  const parked = useTillState((state) => state.parked);
  const store = useTillState((state) => state.store);
  return (
    <Dialog label="Parked orders" onClose={props.onClose} wide>
      <h2>Parked orders</h2>
      {parked === null ? (
        <p class="empty">Loading…</p>
      ) : parked.length === 0 ? (
        <p class="empty">No parked or unfinished orders.</p>
      ) : (
        <ul class="pick-list">
          {parked.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                class="button button-quiet pick"
                aria-label={`Resume order ${order.number}`}
                onClick={() => {
                  void sale.resume(order).then((resumed) => {
                    if (resumed) props.onClose();
                  });
                }}
              >
                <span>
                  Order {order.number}
                  {order.status === 'pending' ? ' · unfinished' : ''}
                </span>
                <span>{order.line_items.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</span>
                <span>{formatPrice(order.total, store)}</span>
              </button>
              {order.status === 'pending' && (
                <button type="button" class="button button-quiet" aria-label={`Void order ${order.number}`} onClick={() => void sale.voidUnfinished(order)}>
                  Void
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div class="dialog-actions">
        <button type="button" class="button button-quiet" onClick={props.onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
