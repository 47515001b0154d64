/** The cart: the server's order being rung up, with its lines, extras and the server's totals, and what ends the sale (void, park, pay). */
import { useState } from 'preact/hooks';
import { itemCount, useGrownLine } from '../cart-lines.js';
import { SHORTCUTS } from '../shortcuts.js';
import { CartExtraDialog, type CartExtra } from './CartExtras.js';
import { CartLines } from './CartLines.js';
import { CartTools } from './CartTools.js';
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

export function CartPanel() {
  const { sale, payment } = useTill();
  const order = useTillState((state) => state.order);
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
        <CartLines
          order={order}
          currentLine={currentLine}
          onEdit={(line) => {
            setExtra({ kind: 'line', line });
          }}
        />
      )}
      {order !== null && (
        <>
          <CartTools
            order={order}
            onExtra={setExtra}
            onDiscount={() => {
              setDiscounting(true);
            }}
          />
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
