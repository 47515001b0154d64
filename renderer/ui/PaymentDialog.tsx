/**
 * Payment, in one tender or split across several: each part is one `POST /orders/{id}/checkout`
 * with `payment_data.amount` (empty: all that is due). Cash takes the amount tendered; change is
 * the server's, given only on the part that settles the order. The payments made and the amount
 * still due are shown as the server's checkout state says, never added up here.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { drawerNotOpened } from '../drawer-outcome.js';
import { EXCHANGE_CREDIT, EXCHANGE_CREDIT_TITLE } from '../exchange.js';
import { formatPrice } from '../format.js';
import { showReceipt } from '../receipt-view.js';
import { quickTenders } from '../tenders.js';
import type { CheckoutState, PaymentGateway } from '../../shared/resources/payments.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { OpenRegisterForm } from './OpenRegisterForm.js';

function gatewayTitle(gateways: PaymentGateway[], id: string): string {
  // Exchange credit is no gateway the till offers, but it pays part of an exchange's sale.
  return gateways.find((gateway) => gateway.id === id)?.title ?? (id === EXCHANGE_CREDIT ? EXCHANGE_CREDIT_TITLE : id);
}

function PaymentsMade(props: { checkout: CheckoutState; money: (amount: string) => string; gateways: PaymentGateway[] }) {
  const payments = props.checkout.payments ?? [];
  if (payments.length === 0) return null;
  return (
    <div class="payments-made">
      <h3>Paid so far</h3>
      <ul id="payments-made">
        {payments.map((payment, index) => (
          <li key={index}>
            <span>{gatewayTitle(props.gateways, payment.gateway_id)}</span> <strong>{props.money(payment.amount)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PaymentDialog() {
  const { payment } = useTill();
  const paying = useTillState((state) => state.paying);
  const order = useTillState((state) => state.order);
  const store = useTillState((state) => state.store);
  const gateways = useTillState((state) => state.gateways);
  const busy = useTillState((state) => state.busy);
  const receipt = useTillState((state) => state.receipt);
  const checkout = useTillState((state) => state.checkout);
  const status = useTillState((state) => state.status);
  const waiting = useTillState((state) => state.waitingPayment);
  const [gateway, setGateway] = useState('pos_cash');
  const [part, setPart] = useState('');
  const [tendered, setTendered] = useState('');
  const [transactionId, setTransactionId] = useState('');
  const tenderRef = useRef<HTMLInputElement>(null);
  const paidSoFar = checkout?.order_id === order?.id ? (checkout?.payments ?? []).length : 0;
  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    // A new dialog, or a part paid: the fields start empty for the next part.
    setPart('');
    setTendered('');
    setTransactionId('');
  }, [paying, paidSoFar]);
  useLayoutEffect(() => {
    if (paying) setGateway('pos_cash');
  }, [paying]);
  if (!paying || order === null || receipt !== null) return null;
  const money = (amount: string): string => formatPrice(amount, store);
  const state = checkout?.order_id === order.id ? checkout : null;
  const due = state?.amount_due ?? order.total;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    // Amounts go as typed; the server checks them and answers what is paid, due and given back.
    const data: Record<string, string> = {};
    if (part.trim() !== '') data.amount = part.trim();
    // Cash tendered left empty is the exact amount: the part typed, or else all that is due.
    if (gateway === 'pos_cash') data.amount_tendered = tendered.trim() !== '' ? tendered.trim() : part.trim() !== '' ? part.trim() : due;
    else if (transactionId.trim() !== '') data.transaction_id = transactionId.trim();
    await payment.pay(gateway, data);
  };

  return (
    <Dialog
      label="Payment"
      onClose={() => {
        payment.closePayment();
      }}
    >
      {waiting !== null && (
        <OpenRegisterForm
          id="payment-open"
          floatId="payment-float"
          class="dialog-form payment-open"
          heading="Open the register"
          hint={`${status?.message ?? ''} Count the float into the drawer and open the register: the payment then goes through as typed.`}
          onOpened={() => payment.resumeWaiting()}
        />
      )}
      <form class="dialog-form payment" hidden={waiting !== null} onSubmit={(event) => void submit(event)}>
        <h2>Payment</h2>
        <p class="amount-due">
          Total <strong id="payment-total">{money(order.total)}</strong>
        </p>
        {state !== null && <PaymentsMade checkout={state} money={money} gateways={gateways} />}
        <p class="amount-due">
          Due <strong id="payment-due">{money(due)}</strong>
        </p>
        <div class="tabs" role="radiogroup" aria-label="Tender">
          {gateways.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="radio"
              class="tab"
              aria-checked={gateway === entry.id}
              onClick={() => {
                setGateway(entry.id);
              }}
            >
              {entry.title}
            </button>
          ))}
        </div>
        <label for="payment-part">Amount paid this way (empty: all that is due)</label>
        <input
          id="payment-part"
          type="text"
          inputMode="decimal"
          autocomplete="off"
          placeholder={due}
          value={part}
          onInput={(event) => {
            setPart(event.currentTarget.value);
          }}
        />
        {gateway === 'pos_cash' ? (
          <>
            <label for="cash-tendered">Cash tendered (empty: the exact amount)</label>
            <input
              id="cash-tendered"
              ref={tenderRef}
              type="text"
              inputMode="decimal"
              autoFocus
              autocomplete="off"
              value={tendered}
              onInput={(event) => {
                setTendered(event.currentTarget.value);
              }}
            />
            <div class="quick-tenders" role="group" aria-label="Quick tenders">
              {quickTenders(part.trim() === '' ? due : part.trim(), store?.price_num_decimals ?? 2).map((amount, index) => (
                <button
                  key={amount}
                  type="button"
                  class="button"
                  onClick={() => {
                    setTendered(amount);
                    tenderRef.current?.focus();
                  }}
                >
                  {index === 0 ? `Exact ${money(amount)}` : money(amount)}
                </button>
              ))}
            </div>
          </>
        ) : (
          <>
            <label for="card-transaction">Terminal reference (optional)</label>
            <input
              id="card-transaction"
              type="text"
              autoFocus
              autocomplete="off"
              value={transactionId}
              onInput={(event) => {
                setTransactionId(event.currentTarget.value);
              }}
            />
          </>
        )}
        {status?.kind === 'error' && (
          <p id="payment-error" class="form-error" role="alert">
            {status.message}
          </p>
        )}
        <div class="dialog-actions">
          <button
            type="button"
            class="button button-quiet"
            onClick={() => {
              payment.closePayment();
            }}
          >
            Back to the cart
          </button>
          <button type="submit" class="button button-primary" disabled={busy}>
            {part.trim() === '' ? 'Complete payment' : 'Pay this part'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The receipt of the active template as the server renders it, with print and, after a sale, the change. */
export function ReceiptDialog() {
  const { payment, print } = useTill();
  const receipt = useTillState((state) => state.receipt);
  const checkout = useTillState((state) => state.checkout);
  const store = useTillState((state) => state.store);
  const hostRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (receipt !== null && hostRef.current !== null) showReceipt(hostRef.current, receipt.html);
    doneRef.current?.focus();
    // Auto print (payment gateway settings) prints once the receipt it prints is in the page.
    if (receipt !== null && payment.takeAutoPrint(receipt.orderId)) void print();
  }, [receipt]);
  if (receipt === null) return null;
  const saleJustPaid = checkout?.order_id === receipt.orderId;
  const change = saleJustPaid ? checkout.provider_data.change_due : undefined;
  const drawerFailure = saleJustPaid ? drawerNotOpened(checkout) : null;
  return (
    // A sale's receipt stands beside the tiles: the next customer's first tap closes it (payment.nextSale).
    <Dialog
      label="Receipt"
      onClose={() => {
        payment.finish();
      }}
      wide
      aside={saleJustPaid}
    >
      <div class="receipt-layout">
        {typeof change === 'string' && (
          <p id="change-due" class="change-due" role="status">
            Change due <strong>{formatPrice(change, store)}</strong>
          </p>
        )}
        {drawerFailure !== null && (
          <p id="drawer-not-opened" class="form-error" role="alert">
            {drawerFailure}
          </p>
        )}
        <div id="receipt-preview" class="receipt-preview print-area" ref={hostRef} />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={() => void print()}>
            Print receipt
          </button>
          <button
            type="button"
            ref={doneRef}
            class="button button-primary"
            onClick={() => {
              payment.finish();
            }}
          >
            {saleJustPaid ? 'New sale' : 'Close'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
