/** Under the cart's lines: what can be added to the sale (customer, note, discount, coupon, fee, shipping), then its totals. */
import { formatPrice } from '../format.js';
import { SHORTCUTS } from '../shortcuts.js';
import type { Order } from '../../shared/resources/orders.js';
import type { CartExtra } from './CartExtras.js';
import { useTillState } from './context.js';
import { KeyHint } from './KeyHint.js';

export function CartTools(props: { order: Order; onExtra: (extra: CartExtra) => void; onDiscount: () => void }) {
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const { order } = props;
  const money = (amount: string): string => formatPrice(amount, store);
  const customerName = `${order.billing.first_name} ${order.billing.last_name}`.trim();
  return (
    <>
      <div class="cart-tools">
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            props.onExtra({ kind: 'customer' });
          }}
        >
          {customerName === '' ? 'Customer' : `Customer: ${customerName}`}
        </button>
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            props.onExtra({ kind: 'note' });
          }}
        >
          {order.customer_note === '' ? 'Note' : 'Note ✓'}
        </button>
        <button
          type="button"
          class="button button-quiet"
          aria-keyshortcuts={SHORTCUTS.discount}
          data-shortcut={SHORTCUTS.discount}
          disabled={busy || order.line_items.length === 0}
          onClick={props.onDiscount}
        >
          Discount <KeyHint shortcut={SHORTCUTS.discount} />
        </button>
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            props.onExtra({ kind: 'coupon' });
          }}
        >
          Coupon
        </button>
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            props.onExtra({ kind: 'fee' });
          }}
        >
          Fee
        </button>
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            props.onExtra({ kind: 'shipping' });
          }}
        >
          Shipping
        </button>
      </div>
      <dl class="totals">
        {order.discount_total !== '0.00' && order.discount_total !== '0' && (
          <>
            <dt>Discount</dt>
            <dd>−{money(order.discount_total)}</dd>
          </>
        )}
        {order.shipping_total !== '0.00' && order.shipping_total !== '0' && (
          <>
            <dt>Shipping</dt>
            <dd>{money(order.shipping_total)}</dd>
          </>
        )}
        <dt>Tax</dt>
        <dd id="cart-tax">{money(order.total_tax)}</dd>
        <dt class="grand">Total</dt>
        <dd id="cart-total" class="grand">
          {money(order.total)}
        </dd>
      </dl>
    </>
  );
}
