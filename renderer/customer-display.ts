/**
 * The customer display's feed: what the customer may see of the register's current sale, sent from
 * the till's window to the display's window over a BroadcastChannel. Both windows are pages of the
 * same origin on the same machine (two windows of the desktop app, or two tabs of one browser), so
 * the display follows the sale without the server and keeps working offline.
 *
 * The snapshot is built field by field from the sale, never by copying the order: the customer sees
 * the lines, the totals, what they handed over and their change, and nothing else (no cashier, no
 * customer record, no stock, no cost, no notes).
 */
import { Decimal } from 'decimal.js';
import type { PriceFormat } from './format.js';
import type { Store } from './store.js';
import type { TillState } from './till.js';

export const CUSTOMER_DISPLAY_CHANNEL = 'tillbase-customer-display';

export interface DisplayLine {
  id: number;
  name: string;
  quantity: number;
  /** The line's price before a discount, shown struck through when it differs from `total`. */
  subtotal: string;
  total: string;
}

/** A fee, shipping or a coupon: a name and an amount (a coupon's is what it takes off). */
export interface DisplayExtra {
  key: string;
  name: string;
  amount: string;
}

export type DisplayPhase = 'closed' | 'waiting' | 'selling' | 'paid';

export interface DisplaySale {
  /** closed: nobody is logged in at the till; waiting: no sale yet; selling; paid: the change is due. */
  phase: DisplayPhase;
  shop: string;
  format: PriceFormat | null;
  lines: DisplayLine[];
  /** An item the till is adding: shown by name at once, priced when the server's line replaces it. */
  adding: string | null;
  extras: DisplayExtra[];
  discount: string;
  tax: string;
  total: string;
  /** Paid so far (a split payment); null before the first payment. */
  paid: string | null;
  /** The cash the customer handed over, once a payment took it. */
  tendered: string | null;
  change: string | null;
}

export type DisplayMessage = { kind: 'sale'; sale: DisplaySale } | { kind: 'hello' };

/** The part of `BroadcastChannel` the feed uses (the tests and both windows pass a real one). */
export interface DisplayChannel {
  postMessage(message: DisplayMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DisplayMessage>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<DisplayMessage>) => void): void;
}

function priceFormat(state: TillState): PriceFormat | null {
  const { store } = state;
  if (store === null) return null;
  const { currency, currency_pos, price_thousand_sep, price_decimal_sep, price_num_decimals } = store;
  return { currency, currency_pos, price_thousand_sep, price_decimal_sep, price_num_decimals };
}

function sum(amounts: ReadonlyArray<string | null>): string | null {
  const present = amounts.filter((amount): amount is string => amount !== null && amount !== '');
  if (present.length === 0) return null;
  return present.reduce((total, amount) => total.plus(amount), new Decimal(0)).toFixed();
}

/** What the customer may see of the till's state at this moment. */
export function displaySale(state: TillState): DisplaySale {
  const shop = state.store?.name ?? '';
  const format = priceFormat(state);
  const empty: DisplaySale = {
    phase: 'waiting',
    shop,
    format,
    lines: [],
    adding: null,
    extras: [],
    discount: '0',
    tax: '0',
    total: '0',
    paid: null,
    tendered: null,
    change: null,
  };
  if (state.user === null) return { ...empty, phase: 'closed' };
  const { order, adding } = state;
  if (order === null) return adding === null ? empty : { ...empty, phase: 'selling', adding };
  const checkout = state.checkout?.order_id === order.id ? state.checkout : null;
  const payments = checkout?.payments ?? [];
  const cash = payments.filter((payment) => payment.tendered !== null);
  const completed = checkout?.status === 'completed';
  const changeDue = checkout?.provider_data.change_due;
  return {
    phase: completed ? 'paid' : 'selling',
    shop,
    format,
    lines: order.line_items.map((line) => ({ id: line.id, name: line.name, quantity: line.quantity, subtotal: line.subtotal, total: line.total })),
    adding,
    extras: [
      ...order.fee_lines.map((fee) => ({ key: `fee-${fee.id}`, name: fee.name, amount: fee.total })),
      ...order.shipping_lines.map((shipping) => ({ key: `shipping-${shipping.id}`, name: shipping.method_title, amount: shipping.total })),
      ...order.coupon_lines.map((coupon) => ({ key: `coupon-${coupon.id}`, name: `Coupon ${coupon.code}`, amount: `-${coupon.discount}` })),
    ],
    discount: order.discount_total,
    tax: order.total_tax,
    total: order.total,
    paid: payments.length === 0 ? null : (checkout?.amount_paid ?? sum(payments.map((payment) => payment.amount))),
    tendered: sum(cash.map((payment) => payment.tendered)),
    change: typeof changeDue === 'string' ? changeDue : completed ? sum(payments.map((payment) => payment.change)) : null,
  };
}

/**
 * Sends the display every change of what it shows (and only those: a keystroke in the search field
 * sends nothing), and answers a display that has just opened with the sale as it is. Answers the
 * function that stops it.
 */
export function feedCustomerDisplay(state: Store<TillState>, channel: DisplayChannel): () => void {
  let sent = '';
  const send = (force: boolean): void => {
    const sale = displaySale(state.get());
    const text = JSON.stringify(sale);
    if (!force && text === sent) return;
    sent = text;
    channel.postMessage({ kind: 'sale', sale });
  };
  const onMessage = (event: MessageEvent<DisplayMessage>): void => {
    if (event.data.kind === 'hello') send(true);
  };
  channel.addEventListener('message', onMessage);
  const unsubscribe = state.subscribe(() => {
    send(false);
  });
  send(true);
  return () => {
    unsubscribe();
    channel.removeEventListener('message', onMessage);
  };
}
