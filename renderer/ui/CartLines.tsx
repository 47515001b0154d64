/** The cart's lines as the server's order has them: items one can step, edit or remove, then its fees, shipping and coupons. */
import { useEffect, useRef } from 'preact/hooks';
import { formatPrice } from '../format.js';
import { stepQuantity } from '../line-edits.js';
import { SHORTCUTS } from '../shortcuts.js';
import type { Order, OrderLineItem } from '../../shared/resources/orders.js';
import { useTill, useTillState } from './context.js';
import { KeyHint } from './KeyHint.js';

/** `current`: the line just added to, scrolled into sight and highlighted; its Edit takes the quantity shortcut. */
function CartLine(props: { line: OrderLineItem; current: boolean; onEdit: () => void }) {
  const { sale } = useTill();
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const { line, current } = props;
  const discounted = line.total !== line.subtotal;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [current, line.quantity]);
  return (
    <li ref={ref} class={current ? 'cart-line cart-line-current' : 'cart-line'} data-line={line.id} aria-current={current ? 'true' : undefined}>
      <div class="cart-line-main">
        <span class="cart-line-name">{line.name}</span>
        <span class="cart-line-total">
          {discounted && <s class="was">{formatPrice(line.subtotal, store)}</s>} {formatPrice(line.total, store)}
        </span>
      </div>
      <div class="cart-line-actions">
        <button
          type="button"
          class="button button-small"
          aria-label={`One less ${line.name}`}
          disabled={busy}
          onClick={() => {
            const fewer = stepQuantity(line.quantity, -1);
            void (fewer === 0 ? sale.remove(line) : sale.setQuantity(line, fewer));
          }}
        >
          −
        </button>
        <span class="quantity" aria-label={`Quantity of ${line.name}`}>
          {line.quantity}
        </span>
        <button
          type="button"
          class="button button-small"
          aria-label={`One more ${line.name}`}
          disabled={busy}
          onClick={() => void sale.setQuantity(line, stepQuantity(line.quantity, 1))}
        >
          +
        </button>
        <button
          type="button"
          class="button button-small button-quiet"
          aria-label={`Change ${line.name}`}
          aria-keyshortcuts={current ? SHORTCUTS.quantity : undefined}
          data-shortcut={current ? SHORTCUTS.quantity : undefined}
          disabled={busy}
          onClick={props.onEdit}
        >
          Edit {current && <KeyHint shortcut={SHORTCUTS.quantity} />}
        </button>
        <button
          type="button"
          class="button button-small button-quiet"
          aria-label={`Remove ${line.name}`}
          disabled={busy}
          onClick={() => void sale.remove(line)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** `currentLine`: the line the quantity shortcut edits; `onEdit` opens a line's editor. */
export function CartLines(props: { order: Order; currentLine: number | null; onEdit: (line: OrderLineItem) => void }) {
  const store = useTillState((state) => state.store);
  const { order } = props;
  const money = (amount: string): string => formatPrice(amount, store);
  return (
    <ul class="cart-lines">
      {order.line_items.map((line) => (
        <CartLine
          key={line.id}
          line={line}
          current={line.id === props.currentLine}
          onEdit={() => {
            props.onEdit(line);
          }}
        />
      ))}
      {order.fee_lines.map((fee) => (
        <li key={`fee-${fee.id}`} class="cart-line cart-extra">
          <span>{fee.name}</span>
          <span>{money(fee.total)}</span>
        </li>
      ))}
      {order.shipping_lines.map((shipping) => (
        <li key={`shipping-${shipping.id}`} class="cart-line cart-extra">
          <span>{shipping.method_title}</span>
          <span>{money(shipping.total)}</span>
        </li>
      ))}
      {order.coupon_lines.map((coupon) => (
        <li key={`coupon-${coupon.id}`} class="cart-line cart-extra">
          <span>Coupon {coupon.code}</span>
          <span>−{money(coupon.discount)}</span>
        </li>
      ))}
    </ul>
  );
}
