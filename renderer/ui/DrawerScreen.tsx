/**
 * The drawer screen: open the register with a float, cash in and out, the open session's X report,
 * the blind close, and the Z report shown and printed. For a cashier the X report is blind (the
 * server leaves the drawer out), and the close form asks only for the count.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { DrawerDesk } from '../drawer.js';
import { formatDateTime, formatPrice } from '../format.js';
import { showReceipt } from '../receipt-view.js';
import type { ClosureReport, ReadableReport } from '../../shared/resources/registers.js';
import { useTill, useTillState } from './context.js';
import { Dialog } from './Dialog.js';
import { DrawerCount } from './DrawerCount.js';
import { OpenRegisterForm } from './OpenRegisterForm.js';

function useDesk(): DrawerDesk {
  const { till } = useTill();
  return useMemo(() => new DrawerDesk(till), [till]);
}

function XReport(props: { report: ReadableReport }) {
  const { till } = useTill();
  const store = useTillState((state) => state.store);
  const money = (amount: string): string => formatPrice(amount, store);
  const { report } = props;
  const rows: Array<[string, string, string]> = [
    ['x-sales-count', 'Sales', String(report.sales.count)],
    ['x-gross', 'Gross', money(report.sales.gross)],
    ['x-discounts', 'Discounts', money(report.sales.discounts)],
    ['x-refunds', 'Refunds', money(report.sales.refunds)],
    ['x-net', 'Net', money(report.sales.net)],
    ['x-tax', 'Tax', money(report.sales.tax)],
    // How many receipts, then their numbers: "1 – 3" alone read as a count, and sales numbered apart made it wrong.
    [
      'x-receipts',
      'Receipts',
      report.receipts.first === null
        ? String(report.receipts.count)
        : `${report.receipts.count}: No. ${report.receipts.first} to No. ${report.receipts.last ?? ''}`,
    ],
  ];
  // Sales no other till of the shop holds yet: this till's disk is their only copy.
  if (report.single_copy !== undefined && report.single_copy.sales > 0)
    rows.push(['x-single-copy', 'On this till only', `${report.single_copy.sales} (${money(report.single_copy.sales_amount)})`]);
  // A cashier's report is blind: no drawer until the count is sent.
  if (!('blind' in report) && report.drawer !== undefined)
    rows.push(['x-float', 'Opening float', money(report.drawer.opening_float)], ['x-expected', 'Expected cash', money(report.drawer.expected_cash)]);
  return (
    <section id="x-report" class="card" aria-labelledby="x-report-heading">
      <div class="view-heading">
        <h2 id="x-report-heading">X report</h2>
        <button type="button" class="button button-quiet" onClick={() => void till.loadDrawer()}>
          Refresh X report
        </button>
      </div>
      <p>
        Opened by {report.session.opened_by.name}
        {report.session.date_opened === null ? '' : ` at ${formatDateTime(report.session.date_opened)}`}
      </p>
      <table class="lines">
        <tbody>
          {rows.map(([id, label, value]) => (
            <tr key={id}>
              <th scope="row">{label}</th>
              <td id={id} class="numeric">
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.cash_movements.length > 0 && (
        <>
          <h3>Cash in and out</h3>
          <ul id="cash-movements">
            {report.cash_movements.map((movement) => (
              <li key={movement.id}>
                {movement.type === 'in' ? 'In' : 'Out'} {money(movement.amount)}
                {movement.reason === '' ? '' : ` · ${movement.reason}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CashForm() {
  const desk = useDesk();
  const busy = useTillState((state) => state.busy);
  const [type, setType] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (await desk.cash(type, amount.trim(), reason.trim())) {
      setAmount('');
      setReason('');
    }
  };
  return (
    <form id="drawer-cash" class="card dialog-form" aria-label="Cash in or out" onSubmit={(event) => void submit(event)}>
      <h2>Cash in or out</h2>
      <div class="tabs" role="radiogroup" aria-label="Direction">
        <button
          type="button"
          role="radio"
          class="tab"
          aria-checked={type === 'in'}
          onClick={() => {
            setType('in');
          }}
        >
          Cash in
        </button>
        <button
          type="button"
          role="radio"
          class="tab"
          aria-checked={type === 'out'}
          onClick={() => {
            setType('out');
          }}
        >
          Cash out
        </button>
      </div>
      <label for="cash-amount">Amount</label>
      <input
        id="cash-amount"
        type="text"
        inputMode="decimal"
        autocomplete="off"
        value={amount}
        onInput={(event) => {
          setAmount(event.currentTarget.value);
        }}
      />
      <label for="cash-reason">Reason</label>
      <input
        id="cash-reason"
        type="text"
        autocomplete="off"
        value={reason}
        onInput={(event) => {
          setReason(event.currentTarget.value);
        }}
      />
      <div class="dialog-actions">
        <button type="submit" class="button" disabled={busy}>
          Record cash movement
        </button>
      </div>
    </form>
  );
}

function NoSaleForm() {
  const desk = useDesk();
  const busy = useTillState((state) => state.busy);
  const [reason, setReason] = useState('');
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (await desk.noSale(reason.trim())) setReason('');
  };
  return (
    <form id="drawer-no-sale" class="card dialog-form" aria-label="Open the drawer without a sale" onSubmit={(event) => void submit(event)}>
      <h2>No sale</h2>
      <p class="hint">Opens the drawer without a sale, for change or a till roll. Who opened it and when is kept.</p>
      <label for="no-sale-reason">Why the drawer is opened</label>
      <input
        id="no-sale-reason"
        type="text"
        autocomplete="off"
        value={reason}
        onInput={(event) => {
          setReason(event.currentTarget.value);
        }}
      />
      <div class="dialog-actions">
        <button type="submit" class="button" disabled={busy}>
          No sale: open the drawer
        </button>
      </div>
    </form>
  );
}

function CloseForm() {
  const desk = useDesk();
  const busy = useTillState((state) => state.busy);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (await desk.close(counted.trim(), note.trim())) {
      setCounted('');
      setNote('');
    }
  };
  return (
    <form id="drawer-close" class="card dialog-form" aria-label="Close the register" onSubmit={(event) => void submit(event)}>
      <h2>Close the register</h2>
      <p class="hint">Count all the cash in the drawer and enter it. What the drawer should hold is shown in the Z report, after the count is sent.</p>
      <DrawerCount onTotal={setCounted} />
      <label for="counted-cash">Counted cash</label>
      <input
        id="counted-cash"
        type="text"
        inputMode="decimal"
        autocomplete="off"
        value={counted}
        onInput={(event) => {
          setCounted(event.currentTarget.value);
        }}
      />
      <label for="closing-note">Note</label>
      <input
        id="closing-note"
        type="text"
        autocomplete="off"
        value={note}
        onInput={(event) => {
          setNote(event.currentTarget.value);
        }}
      />
      <div class="dialog-actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          Close register
        </button>
      </div>
    </form>
  );
}

/** The Z report as the server renders it (`GET /closures/{id}?format=html`), printed like a receipt. */
function ZReportDialog(props: { closure: { report: ClosureReport; html: string } }) {
  const { print } = useTill();
  const desk = useDesk();
  const store = useTillState((state) => state.store);
  const hostRef = useRef<HTMLDivElement>(null);
  const { closure } = props;
  useEffect(() => {
    if (hostRef.current !== null) showReceipt(hostRef.current, closure.html);
  }, [closure]);
  return (
    <Dialog
      label="Z report"
      onClose={() => {
        desk.dismissClosure();
      }}
      wide
    >
      <div class="receipt-layout">
        <p id="z-variance" class="change-due" role="status">
          Z report No. {closure.report.z_number} · counted {formatPrice(closure.report.counted_cash ?? '0', store)} · variance{' '}
          <strong>{formatPrice(closure.report.variance ?? '0', store)}</strong>
        </p>
        <div id="z-report" class="receipt-preview print-area" ref={hostRef} />
        <div class="dialog-actions">
          <button type="button" class="button" onClick={() => void print()}>
            Print Z report
          </button>
          <button
            type="button"
            class="button button-primary"
            onClick={() => {
              desk.dismissClosure();
            }}
          >
            Done
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export function DrawerScreen() {
  const drawer = useTillState((state) => state.drawer);
  const register = drawer?.register ?? null;
  return (
    <section id="drawer-view" aria-labelledby="drawer-heading" aria-busy={drawer === null ? 'true' : 'false'}>
      <div class="view-heading">
        <h1 id="drawer-heading">Drawer</h1>
        {register !== null && (
          <span id="drawer-state" class={`badge ${register.session === null ? 'status-closed' : 'status-open'}`}>
            {register.name}: {register.session === null ? 'closed' : 'open'}
          </span>
        )}
      </div>
      {drawer === null ? (
        <p class="empty">Loading…</p>
      ) : register === null ? (
        <p class="empty">This store has no register.</p>
      ) : register.session === null ? (
        <OpenRegisterForm
          id="drawer-open"
          floatId="opening-float"
          noteId="opening-note"
          heading="Open the register"
          hint="Count the float into the drawer, then open the register: sales can be paid from then on."
        />
      ) : (
        <div class="drawer-grid">
          {drawer.report !== null && <XReport report={drawer.report} />}
          <div class="drawer-forms">
            <CashForm />
            <NoSaleForm />
            <CloseForm />
          </div>
        </div>
      )}
      {drawer?.closure != null && <ZReportDialog closure={drawer.closure} />}
    </section>
  );
}
