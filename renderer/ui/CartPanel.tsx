/** The cart: the server's order being rung up, with its lines, extras and the server's totals. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { itemCount, useGrownLine } from '../cart-lines.js';
import { SHORTCUTS } from '../shortcuts.js';
import { formatPrice } from '../format.js';
import { stepQuantity } from '../line-edits.js';
import type { OrderLineItem } from '../../shared/resources/orders.js';
import { CartExtraDialog, type CartExtra } from './CartExtras.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { KeyHint } from './KeyHint.js';
import { ParkedDialog } from './ParkedDialog.js';
import { QuickTender } from './QuickTender.js';
import { SaleDiscountDialog } from './SaleDiscount.js';
import { ExchangeBanner } from './ExchangeBanner.js';

/** Asks before a sale is voided: a tap too many must not throw away a full cart. */
function VoidDialog(props: { orderNumber: string; onClose: () => void }) {
  const { sale } = useTill();
  const busy = useTillState((state) => state.busy);
  return (
    <Dialog label="Void the sale" onClose={props.onClose}>
      <h2>Void the sale?</h2>
      <p>Every item comes off and order {props.orderNumber} is cancelled. Nothing is sold.</p>
      <div class="dialog-actions">
        <button type="button" class="button button-quiet" onClick={props.onClose}>
          Keep selling
        </button>
        <button
          type="button"
          class="button button-primary"
          disabled={busy}
          onClick={() => {
            void sale.voidSale().then((done) => {
              if (done) props.onClose();
            });
          }}
        >
          Void sale
        </button>
      </div>
    </Dialog>
  );
}

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

export function CartPanel() {
  const { sale, payment } = useTill();
  const order = useTillState((state) => state.order);
  const store = useTillState((state) => state.store);
  const busy = useTillState((state) => state.busy);
  const [extra, setExtra] = useState<CartExtra | null>(null);
  const [showParked, setShowParked] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [discounting, setDiscounting] = useState(false);
  const grown = useGrownLine(order);
  // The quantity shortcut edits the line just added to, or else the last line.
  const currentLine = grown ?? order?.line_items.at(-1)?.id ?? null;
  const items = itemCount(order);
  const checkout = useTillState((state) => state.checkout);
  // Part of the sale already paid (a split payment): voiding would lose it, so it is not offered.
  const partPaid = order !== null && checkout?.order_id === order.id && (checkout.payments ?? []).length > 0;
  const money = (amount: string): string => formatPrice(amount, store);
  const customerName = order === null ? '' : `${order.billing.first_name} ${order.billing.last_name}`.trim();

  return (
    <section id="cart" class="cart" aria-label="Cart" aria-busy={busy ? 'true' : 'false'}>
      <div class="cart-head">
        <h2>{order === null ? 'New sale' : `Order ${order.number}`}</h2>
        {items > 0 && (
          <span id="cart-count" class="cart-count">
            {items === 1 ? '1 item' : `${items} items`}
          </span>
        )}
        <button
          type="button"
          class="button button-quiet"
          onClick={() => {
            setShowParked(true);
            void sale.loadParked();
          }}
        >
          Parked orders
        </button>
      </div>
      <ExchangeBanner />
      {order === null || order.line_items.length === 0 ? (
        <p class="empty">Scan a barcode or choose a product.</p>
      ) : (
        <ul class="cart-lines">
          {order.line_items.map((line) => (
            <CartLine
              key={line.id}
              line={line}
              current={line.id === currentLine}
              onEdit={() => {
                setExtra({ kind: 'line', line });
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
      )}
      {order !== null && (
        <>
          <div class="cart-tools">
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                setExtra({ kind: 'customer' });
              }}
            >
              {customerName === '' ? 'Customer' : `Customer: ${customerName}`}
            </button>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                setExtra({ kind: 'note' });
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
              onClick={() => {
                setDiscounting(true);
              }}
            >
              Discount <KeyHint shortcut={SHORTCUTS.discount} />
            </button>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                setExtra({ kind: 'coupon' });
              }}
            >
              Coupon
            </button>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                setExtra({ kind: 'fee' });
              }}
            >
              Fee
            </button>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                setExtra({ kind: 'shipping' });
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
      )}
      {/* Two rows, so the one-tap cash button keeps its place beside Pay whatever the amount on it. */}
      <div class="cart-actions">
        <div class="cart-actions-row">
          <button
            type="button"
            class="button"
            aria-keyshortcuts={SHORTCUTS.void}
            data-shortcut={SHORTCUTS.void}
            disabled={order === null || busy || partPaid}
            onClick={() => {
              setVoiding(true);
            }}
          >
            Void <KeyHint shortcut={SHORTCUTS.void} />
          </button>
          <button
            type="button"
            class="button"
            aria-keyshortcuts={SHORTCUTS.park}
            data-shortcut={SHORTCUTS.park}
            disabled={order === null || busy}
            onClick={() => void sale.park()}
          >
            Park <KeyHint shortcut={SHORTCUTS.park} />
          </button>
        </div>
        <div class="cart-actions-row cart-pay-row">
          <QuickTender />
          <button
            type="button"
            id="pay"
            class="button button-primary button-pay"
            aria-keyshortcuts={SHORTCUTS.pay}
            data-shortcut={SHORTCUTS.pay}
            disabled={order === null || order.line_items.length === 0 || busy}
            onClick={() => void payment.openPayment()}
          >
            Pay <KeyHint shortcut={SHORTCUTS.pay} />
          </button>
        </div>
      </div>
      {extra !== null && (
        <CartExtraDialog
          extra={extra}
          onClose={() => {
            setExtra(null);
          }}
        />
      )}
      {voiding && order !== null && (
        <VoidDialog
          orderNumber={order.number}
          onClose={() => {
            setVoiding(false);
          }}
        />
      )}
      {discounting && order !== null && (
        <SaleDiscountDialog
          onClose={() => {
            setDiscounting(false);
          }}
        />
      )}
      {showParked && (
        <ParkedDialog
          onClose={() => {
            setShowParked(false);
          }}
        />
      )}
    </section>
  );
}
