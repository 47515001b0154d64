/** The order history: recent sales, one order's lines, a reprint, and a refund of lines back through a tender. */
import { useLayoutEffect, useState } from 'preact/hooks';
import { formatPrice } from '../format.js';
import type { Order, ShopOrder } from '../../shared/resources/orders.js';
import { useTill, useTillState } from './context.js';
import { ReceiptDialog } from './PaymentDialog.js';
import { SyncBadge, useOrderSync } from './SyncBadge.js';
import { GiftReceiptButton } from './GiftReceipt.js';
import { OrderSearch } from './OrderSearch.js';
import { ReturnWithoutReceipt } from './ReturnWithoutReceipt.js';
import { MoneyBackFields } from './MoneyBackFields.js';
import { TextField } from './kit/TextField.js';
import { TableHead } from './kit/TableHead.js';
import { unitsLeft } from '../refunds-left.js';

function RefundForm(props: { order: Order }) {
  const { history } = useTill();
  const gateways = useTillState((state) => state.gateways);
  const busy = useTillState((state) => state.busy);
  const store = useTillState((state) => state.store);
  const refunded = useTillState((state) => state.historyRefunded);
  const { order } = props;
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [restock, setRestock] = useState(true);
  const [destination, setDestination] = useState(order.payment_method || 'pos_cash');
  const [reason, setReason] = useState('');
  // A layout effect runs in the same task as the render, so a keystroke or a scan cannot land
  // between the fields appearing and this reset (a plain effect runs after paint and wiped them).
  useLayoutEffect(() => {
    setQuantities({});
    setDestination(order.payment_method || 'pos_cash');
  }, [order]);
  const tenders = gateways.some((gateway) => gateway.id === destination)
    ? gateways
    : [...gateways, { id: destination, title: order.payment_method_title || destination, enabled: true, order: 0 }];
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (await history.refund(order, { quantities, restock, destination, reason })) {
      setQuantities({});
      setReason('');
    }
  };
  return (
    <form id="refund-form" class="card refund" aria-label="Refund" onSubmit={(event) => void submit(event)}>
      <h2>Refund</h2>
      <table class="lines">
        <TableHead columns={['Item', { label: 'Sold', numeric: true }, { label: 'Line total', numeric: true }, 'Refund quantity']} actions={false} />
        <tbody>
          {order.line_items.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td class="numeric">{line.quantity}</td>
              <td class="numeric">{formatPrice(line.total, store)}</td>
              <td>
                {unitsLeft(line.quantity, refunded[line.id]) === 0 ? (
                  <span class="hint">Refunded</span>
                ) : (
                  <select
                    aria-label={`Refund quantity of ${line.name}`}
                    value={String(quantities[line.id] ?? 0)}
                    onChange={(event) => {
                      setQuantities({ ...quantities, [line.id]: Number(event.currentTarget.value) });
                    }}
                  >
                    {Array.from({ length: Math.floor(unitsLeft(line.quantity, refunded[line.id])) + 1 }, (_unused, count) => (
                      <option key={count} value={String(count)}>
                        {count}
                      </option>
                    ))}
                  </select>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <MoneyBackFields idPrefix="refund" restock={restock} onRestock={setRestock} destination={destination} onDestination={setDestination} tenders={tenders} />
      <TextField bare id="refund-reason" label="Reason" value={reason} onInput={setReason} />
      <div class="dialog-actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          Refund
        </button>
      </div>
    </form>
  );
}

function OrderDetail(props: { order: Order }) {
  const { payment, till } = useTill();
  const store = useTillState((state) => state.store);
  const { order } = props;
  const money = (amount: string): string => formatPrice(amount, store);
  const sync = useOrderSync([order.id]).get(order.id);
  return (
    <div class="history-detail">
      <div class="card">
        <div class="view-heading">
          <h2>Order {order.number}</h2>
          <span class={`badge status-${order.status}`}>{order.status}</span>
          <SyncBadge sync={sync} />
        </div>
        <p>
          {(order.date_created ?? '').replace('T', ' ').slice(0, 16)} · {order.payment_method_title || '—'} · Total {money(order.total)}
        </p>
        {order.origin !== undefined && <p id="order-origin">Sold at {order.origin.till.name || 'another till'}: refunded here, out of this till's drawer.</p>}
        {order.refunds.length > 0 && <p id="refunded">Refunded: {order.refunds.map((refund) => money(refund.total.replace(/^-/, ''))).join(', ')}</p>}
        <div class="dialog-actions">
          <button
            type="button"
            class="button button-quiet"
            onClick={() => {
              till.state.set({ historyOrder: null });
            }}
          >
            Back to the orders
          </button>
          <button type="button" class="button" onClick={() => void payment.showReceipt(order.id)}>
            Reprint receipt
          </button>
          <GiftReceiptButton orderId={order.id} />
        </div>
      </div>
      {order.status !== 'refunded' && <RefundForm order={order} />}
    </div>
  );
}

/** A sale of the shop's list (`scope=shop`) carries its till. */
function isShopOrder(order: Order): order is ShopOrder {
  return 'till' in order;
}

const tillOf = (order: Order): ShopOrder['till'] | undefined => (isShopOrder(order) ? order.till : undefined);

/** The orders found, newest first (with their tills, in the shop's list), each with its sync state and a button that opens it. */
function HistoryTable(props: { history: readonly Order[]; sync: ReturnType<typeof useOrderSync> }) {
  const { history } = useTill();
  const store = useTillState((state) => state.store);
  return (
    <table id="history-table" class="products">
      <TableHead columns={['Order', 'Date', 'Status', { label: 'Total', numeric: true }]} actions="Open" />
      <tbody>
        {props.history.map((order) => (
          <tr key={`${tillOf(order)?.id ?? ''}:${String(order.id)}`}>
            <td>
              {order.number}
              {tillOf(order) !== undefined && <span class="hint"> · {tillOf(order)?.name}</span>}
            </td>
            <td>{(order.date_created ?? '').replace('T', ' ').slice(0, 16)}</td>
            <td>
              {order.status}
              {/* Another till's sale has no link here: its id is that till's, and so is its sync. */}
              {order._links.self.length > 0 && <SyncBadge sync={props.sync.get(order.id)} />}
            </td>
            <td class="numeric">{formatPrice(order.total, store)}</td>
            <td>
              <button
                type="button"
                class="button button-small"
                aria-label={`Open order ${order.number}`}
                onClick={() => void (isShopOrder(order) ? history.openShopOrder(order) : history.openHistoryOrder(order.id))}
              >
                Open
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HistoryScreen() {
  const { till } = useTill();
  const history = useTillState((state) => state.history);
  const selected = useTillState((state) => state.historyOrder);
  const failed = useTillState((state) => state.status?.kind === 'error');
  const sync = useOrderSync(history?.map((order) => order.id) ?? []);
  const [returning, setReturning] = useState(false);
  return (
    <section id="history-view" aria-labelledby="history-heading" aria-busy={history === null ? 'true' : 'false'}>
      <div class="view-heading">
        <h1 id="history-heading">Orders</h1>
        {selected === null && !returning && (
          <button
            type="button"
            class="button"
            onClick={() => {
              setReturning(true);
            }}
          >
            Return without a receipt
          </button>
        )}
      </div>
      {selected === null && !returning && <OrderSearch />}
      {returning ? (
        <ReturnWithoutReceipt
          onDone={() => {
            setReturning(false);
            void till.loadHistory();
          }}
        />
      ) : selected !== null ? (
        <OrderDetail order={selected} />
      ) : history === null ? (
        <p class="empty">Loading…</p>
      ) : history.length === 0 ? (
        // After a failed load the message above says why; "no sales" would be untrue.
        !failed && <p class="empty">No orders found.</p>
      ) : (
        <HistoryTable history={history} sync={sync} />
      )}
      <ReceiptDialog />
    </section>
  );
}
