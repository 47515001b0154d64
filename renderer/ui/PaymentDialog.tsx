/**
 * Payment: one tender at a time (cash with quick tenders, or card), the amounts from the server's
 * order and checkout answers. Split tenders are the next step: the server's checkout takes
 * `payment_data.amount` for a part, and this dialog stays open while `amount_due` is not zero.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatPrice } from '../format.js';
import { showReceipt } from '../receipt-view.js';
import { quickTenders } from '../tenders.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';

export function PaymentDialog() {
  const { sale } = useTill();
  const paying = useTillState((state) => state.paying);
  const order = useTillState((state) => state.order);
  const store = useTillState((state) => state.store);
  const gateways = useTillState((state) => state.gateways);
  const busy = useTillState((state) => state.busy);
  const receipt = useTillState((state) => state.receipt);
  const [gateway, setGateway] = useState('pos_cash');
  const [tendered, setTendered] = useState('');
  const [transactionId, setTransactionId] = useState('');
  const tenderRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (paying) {
      setTendered('');
      setTransactionId('');
      setGateway('pos_cash');
    }
  }, [paying]);
  if (!paying || order === null || receipt !== null) return null;
  const money = (amount: string): string => formatPrice(amount, store);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    // The amount tendered goes as typed; the server checks it and answers the change.
    await sale.pay(gateway, gateway === 'pos_cash' ? { amount_tendered: tendered.trim() } : transactionId.trim() === '' ? {} : { transaction_id: transactionId.trim() });
  };

  return (
    <Dialog label="Payment" onClose={() => { sale.closePayment(); }}>
      <form class="dialog-form payment" onSubmit={(event) => void submit(event)}>
        <h2>Payment</h2>
        <p class="amount-due">
          Total <strong id="payment-total">{money(order.total)}</strong>
        </p>
        <div class="tabs" role="radiogroup" aria-label="Tender">
          {gateways.map((entry) => (
            <button key={entry.id} type="button" role="radio" class="tab" aria-checked={gateway === entry.id} onClick={() => { setGateway(entry.id); }}>
              {entry.title}
            </button>
          ))}
        </div>
        {gateway === 'pos_cash' ? (
          <>
            <label for="cash-tendered">Cash tendered</label>
            <input id="cash-tendered" ref={tenderRef} type="text" inputMode="decimal" autoFocus autocomplete="off" value={tendered} onInput={(event) => { setTendered(event.currentTarget.value); }} />
            <div class="quick-tenders" role="group" aria-label="Quick tenders">
              {quickTenders(order.total, store?.price_num_decimals ?? 2).map((amount, index) => (
                <button key={amount} type="button" class="button" onClick={() => { setTendered(amount); tenderRef.current?.focus(); }}>
                  {index === 0 ? `Exact ${money(amount)}` : money(amount)}
                </button>
              ))}
            </div>
          </>
        ) : (
          <>
            <label for="card-transaction">Terminal reference (optional)</label>
            <input id="card-transaction" type="text" autoFocus autocomplete="off" value={transactionId} onInput={(event) => { setTransactionId(event.currentTarget.value); }} />
          </>
        )}
        <div class="dialog-actions">
          <button type="button" class="button button-quiet" onClick={() => { sale.closePayment(); }}>Back to the cart</button>
          <button type="submit" class="button button-primary" disabled={busy}>Complete payment</button>
        </div>
      </form>
    </Dialog>
  );
}

/** The receipt of the active template as the server renders it, with print and, after a sale, the change. */
export function ReceiptDialog() {
  const { sale, print } = useTill();
  const receipt = useTillState((state) => state.receipt);
  const checkout = useTillState((state) => state.checkout);
  const store = useTillState((state) => state.store);
  const hostRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (receipt !== null && hostRef.current !== null) showReceipt(hostRef.current, receipt.html);
    doneRef.current?.focus();
  }, [receipt]);
  if (receipt === null) return null;
  const change = checkout?.order_id === receipt.orderId ? checkout.provider_data.change_due : undefined;
  return (
    <Dialog label="Receipt" onClose={() => { sale.finish(); }} wide>
      <div class="receipt-layout">
        {typeof change === 'string' && (
          <p id="change-due" class="change-due" role="status">
            Change due <strong>{formatPrice(change, store)}</strong>
          </p>
        )}
        <div id="receipt-preview" class="receipt-preview print-area" ref={hostRef} />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={() => void print()}>Print receipt</button>
          <button type="button" ref={doneRef} class="button button-primary" onClick={() => { sale.finish(); }}>
            {checkout?.order_id === receipt.orderId ? 'New sale' : 'Close'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
