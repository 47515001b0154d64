/**
 * Paying at the till (renderer/payment.ts) in this process, against a real server: what the payment
 * dialog reads and when it keeps a newer answer, a split payment, the quick tender, a payment that
 * waits for the register, the receipt and its printing by itself, an exchange's credit spent first,
 * and what the next sale starts with. The Chromium tests walk the dialog; this one checks the rules.
 */
import { describe, expect, it } from 'vitest';
import { Payment } from '../../renderer/payment.js';
import type { Order } from '../../shared/resources/orders.js';
import { refusingAddress } from '../helpers/drawer-printer.js';
import { api } from '../helpers/server.js';
import { createOrder, setStore, UK_STORE } from '../helpers/shop-data.js';
import { tillInProcess, type InProcessTill } from '../helpers/till-in-process.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' }, async ({ server, tokens }) => {
  const register = (await api(server, 'GET', '/registers/1', { token: tokens.cashier })).body as { session: unknown };
  if (register.session === null)
    expect((await api(server, 'POST', '/registers/1/open', { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
});

/** A sale of one of `product`, in the till's cart, as the server answered it. */
async function inCart(pos: InProcessTill, product: number): Promise<Order> {
  const order = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: product, quantity: 1 }] })) as Order;
  pos.till.state.set({ order });
  return order;
}

async function tillPaying(): Promise<{ pos: InProcessTill; payment: Payment }> {
  const pos = await tillInProcess(server);
  return { pos, payment: new Payment(pos.till) };
}

async function autoPrint(on: boolean): Promise<void> {
  const saved = await api(server, 'POST', '/settings/payment-gateways', { token: tokens.administrator, body: { auto_print_receipt: on } });
  expect(saved.status).toBe(200);
}

/** A return of one coffee (12.00 with VAT) to exchange credit at register 1: its order id. */
async function exchangeCredit(): Promise<number> {
  const body = { line_items: [{ product_id: catalogue.coffee, quantity: 1 }], refund_destination: 'pos_exchange_credit', restock: true, register_id: 1 };
  const returned = await api(server, 'POST', '/returns', { token: tokens.cashier, body });
  expect(returned.status).toBe(201);
  return returned.body.order_id as number;
}

const checkoutOf = async (orderId: number) => (await api(server, 'GET', `/orders/${orderId}/checkout`, { token: tokens.cashier })).body;

describe('the payment dialog', () => {
  it('opens on the order as the server has it, clearing the last message; without a cart it does nothing', async () => {
    const { pos, payment } = await tillPaying();
    const before = pos.requests.length;
    await payment.openPayment();
    expect(pos.requests.length).toBe(before);
    expect(pos.till.state.get().paying).toBe(false);

    const order = await inCart(pos, catalogue.coffee);
    pos.till.state.set({ status: { kind: 'info', message: 'earlier' }, checkout: { order_id: 0 } as never });
    const opening = payment.openPayment();
    expect(pos.till.state.get()).toMatchObject({ paying: true, checkout: null, status: null });
    await opening;
    expect(pos.till.state.get().checkout).toEqual(await checkoutOf(order.id));
    expect(pos.till.state.get().checkout).toMatchObject({ amount_due: '12.00', amount_paid: '0.00' });
  });

  it('keeps a newer state than its read: the dialog closed, another cart, or a payment answered meanwhile', async () => {
    const { pos, payment } = await tillPaying();
    await inCart(pos, catalogue.coffee);
    const closed = payment.openPayment();
    payment.closePayment();
    await closed;
    expect(pos.till.state.get().checkout).toBeNull();

    const other = await inCart(pos, catalogue.tea);
    const switched = payment.openPayment();
    pos.till.state.set({ order: { ...other, id: other.id + 1_000 } });
    await switched;
    expect(pos.till.state.get().checkout).toBeNull();

    pos.till.state.set({ order: other });
    const answered = payment.openPayment();
    const newer = { order_id: other.id, status: 'completed' } as never;
    pos.till.state.set({ checkout: newer });
    await answered;
    expect(pos.till.state.get().checkout).toBe(newer);
  });

  it('shows why the order could not be read', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.coffee);
    pos.cut(new RegExp(`^GET /orders/${order.id}/checkout`));
    await payment.openPayment();
    expect(pos.till.state.get().status).toMatchObject({ kind: 'error', message: 'The Tillbase server could not be reached.' });
    expect(pos.till.state.get().checkout).toBeNull();
  });

  it('closes without touching the cart, and forgets a payment that waited for the register', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.coffee);
    pos.till.state.set({ paying: true, waitingPayment: { gatewayId: 'pos_cash', paymentData: {} } });
    payment.closePayment();
    expect(pos.till.state.get()).toMatchObject({ paying: false, waitingPayment: null, order });
  });
});

describe('paying', () => {
  it('a part by card leaves the dialog open with the rest due; the cash after it completes the sale and shows its receipt', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.coffee);
    await payment.openPayment();
    const part = await payment.pay('pos_card', { amount: '5.00' });
    expect(part).toMatchObject({ status: 'processing', amount_paid: '5.00', amount_due: '7.00' });
    expect(pos.till.state.get()).toMatchObject({ checkout: part, busy: false, receipt: null, paying: true, status: null });
    const key = pos.headers[pos.requests.lastIndexOf(`POST /orders/${order.id}/checkout`)]?.['Idempotency-Key'];
    expect(key).toMatch(new RegExp(`^till-${order.id}-[0-9a-f-]{36}$`));

    const rest = await payment.pay('pos_cash', { amount_tendered: '10.00' });
    expect(rest).toMatchObject({ status: 'completed', amount_due: '0.00' });
    expect(rest?.provider_data).toMatchObject({ change_due: '3.00' });
    const second = pos.headers[pos.requests.lastIndexOf(`POST /orders/${order.id}/checkout`)]?.['Idempotency-Key'];
    expect(second).not.toBe(key);
    const receipt = pos.till.state.get().receipt;
    expect(receipt?.orderId).toBe(order.id);
    expect(receipt?.html).toContain('<');
    // Auto print is off: the receipt prints on the button only.
    expect(payment.takeAutoPrint(order.id)).toBe(false);
  });

  it('the quick tender: exact cash in one tap, with no dialog; without a cart nothing is paid', async () => {
    const { pos, payment } = await tillPaying();
    await payment.payExactCash();
    expect(await payment.pay('pos_cash', { amount_tendered: '1.00' })).toBeNull();
    expect(pos.requests.some((request) => request.includes('/checkout'))).toBe(false);
    const order = await inCart(pos, catalogue.tea);
    await payment.payExactCash();
    expect(pos.till.state.get().checkout).toMatchObject({ status: 'completed', provider_data: { amount_tendered: '4.20', change_due: '0.00' } });
    expect(pos.till.state.get().receipt?.orderId).toBe(order.id);
    expect(pos.till.state.get().busy).toBe(false);
  });

  it('a refused payment says why and takes nothing', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.coffee);
    pos.till.state.set({ busy: true });
    expect(await payment.pay('pos_cash', { amount_tendered: '1.00' })).toBeNull();
    expect(pos.till.state.get()).toMatchObject({ busy: false, status: { kind: 'error' }, waitingPayment: null, receipt: null });
    expect((await checkoutOf(order.id)).amount_paid).toBe('0.00');
  });

  it('tells the cashier a drawer that did not open, and still shows the receipt', async () => {
    const refusing = await refusingAddress();
    expect((await api(server, 'PATCH', '/registers/1', { token: tokens.shop_manager, body: { drawer_printer: refusing } })).status).toBe(200);
    try {
      const { pos, payment } = await tillPaying();
      const order = await inCart(pos, catalogue.tea);
      await payment.pay('pos_cash', { amount_tendered: '5.00' });
      const { status, receipt, checkout, busy } = pos.till.state.get();
      expect(busy).toBe(false);
      expect(status).toEqual({ kind: 'error', message: `The drawer did not open: the printer at ${refusing} did not answer. Open it with the key.` });
      expect(checkout?.status).toBe('completed');
      expect(receipt?.orderId).toBe(order.id);
    } finally {
      expect((await api(server, 'PATCH', '/registers/1', { token: tokens.shop_manager, body: { drawer_printer: '' } })).status).toBe(200);
    }
  });
});

describe('the receipt, printed by itself', () => {
  it('prints once after the payment that completed the sale with auto print on, and not when the settings cannot be read', async () => {
    await autoPrint(true);
    try {
      const { pos, payment } = await tillPaying();
      const first = await inCart(pos, catalogue.tea);
      await payment.openPayment();
      await payment.pay('pos_cash', { amount_tendered: '4.20' });
      expect(payment.takeAutoPrint(first.id + 1)).toBe(false);
      expect(payment.takeAutoPrint(first.id)).toBe(true);
      expect(payment.takeAutoPrint(first.id)).toBe(false);

      // The quick tender reads the setting itself; unreadable, nothing prints by itself.
      const second = await inCart(pos, catalogue.tea);
      pos.cut(/^GET \/settings/);
      await payment.payExactCash();
      pos.mend();
      expect(pos.till.state.get().checkout?.status).toBe('completed');
      expect(payment.takeAutoPrint(second.id)).toBe(false);

      // A receipt that could not be shown prints nothing later either.
      const third = await inCart(pos, catalogue.tea);
      pos.cut(new RegExp(`^GET /receipts/${third.id}[?]`));
      await payment.payExactCash();
      pos.mend();
      expect(pos.till.state.get().status).toMatchObject({ kind: 'error', message: 'The Tillbase server could not be reached.' });
      expect(pos.till.state.get().receipt?.orderId).not.toBe(third.id);
      expect(payment.takeAutoPrint(third.id)).toBe(false);
    } finally {
      await autoPrint(false);
    }
  });
});

describe('a payment waiting for the register', () => {
  it('waits as typed while the register is closed, and goes through once it is opened', async () => {
    setStore(server, { ...UK_STORE, require_open_session: true });
    const { pos, payment } = await tillPaying();
    try {
      const order = await inCart(pos, catalogue.tea);
      // The register was closed elsewhere after this till read it as open.
      expect(pos.till.state.get().drawer?.register?.session).not.toBeNull();
      const counted = (await api(server, 'GET', '/registers/1/session', { token: tokens.shop_manager })).body.drawer.expected_cash;
      expect((await api(server, 'POST', '/registers/1/close', { token: tokens.shop_manager, body: { counted_cash: counted } })).status).toBe(200);
      pos.till.state.set({ busy: true });
      expect(await payment.pay('pos_cash', { amount_tendered: '5.00' })).toBeNull();
      const waiting = pos.till.state.get();
      expect(waiting.waitingPayment).toEqual({ gatewayId: 'pos_cash', paymentData: { amount_tendered: '5.00' } });
      expect(waiting.busy).toBe(false);
      expect(waiting.drawer?.register?.session).toBeNull();
      expect(waiting.drawer?.register?.id).toBe(1);
      expect(waiting.status).toEqual({
        kind: 'error',
        message: 'The register is not open, so the payment was not taken.',
        explanation: 'Count the float into the drawer and open the register here: the payment then goes through as it was typed.',
        detail: expect.stringContaining('pos_register_closed'),
      });

      expect((await api(server, 'POST', '/registers/1/open', { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
      await payment.resumeWaiting();
      expect(pos.till.state.get()).toMatchObject({
        waitingPayment: null,
        checkout: { status: 'completed', provider_data: { amount_tendered: '5.00', change_due: '0.80' } },
      });
      expect(pos.till.state.get().receipt?.orderId).toBe(order.id);
      const checkouts = pos.requests.filter((request) => request === `POST /orders/${order.id}/checkout`).length;
      await payment.resumeWaiting();
      expect(pos.requests.filter((request) => request === `POST /orders/${order.id}/checkout`)).toHaveLength(checkouts);
    } finally {
      setStore(server, { ...UK_STORE, require_open_session: false });
    }
  });

  it('keeps a till that has not read its register as it is', async () => {
    setStore(server, { ...UK_STORE, require_open_session: true });
    const { pos, payment } = await tillPaying();
    try {
      await inCart(pos, catalogue.tea);
      const counted = (await api(server, 'GET', '/registers/1/session', { token: tokens.shop_manager })).body.drawer.expected_cash;
      expect((await api(server, 'POST', '/registers/1/close', { token: tokens.shop_manager, body: { counted_cash: counted } })).status).toBe(200);
      pos.till.state.set({ drawer: null });
      await payment.pay('pos_cash', { amount_tendered: '5.00' });
      expect(pos.till.state.get().drawer).toBeNull();
      expect(pos.till.state.get().waitingPayment).not.toBeNull();
    } finally {
      expect((await api(server, 'POST', '/registers/1/open', { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
      setStore(server, { ...UK_STORE, require_open_session: false });
    }
  });
});

describe('an exchange credit, spent first', () => {
  it('pays a cheaper sale in full when the dialog opens: the receipt shows the cash change', async () => {
    const { pos, payment } = await tillPaying();
    const returnOrderId = await exchangeCredit();
    const order = await inCart(pos, catalogue.tea);
    pos.till.state.set({ exchange: { returnOrderId, credit: '12.00' } });
    await payment.openPayment();
    const { checkout, receipt, exchange, paying } = pos.till.state.get();
    expect(exchange).toBeNull();
    expect(paying).toBe(true);
    expect(checkout).toMatchObject({ status: 'completed', provider_data: { change_due: '7.80' } });
    expect(receipt?.orderId).toBe(order.id);
  });

  it('the quick tender on a dearer sale: the credit first, then exact cash of only the difference', async () => {
    const { pos, payment } = await tillPaying();
    const returnOrderId = await exchangeCredit();
    const order = await inCart(pos, catalogue.shirtRed);
    pos.till.state.set({ exchange: { returnOrderId, credit: '12.00' } });
    await payment.payExactCash();
    expect(pos.till.state.get().checkout).toMatchObject({ status: 'completed', provider_data: { amount_tendered: '6.00', change_due: '0.00' } });
    expect(pos.till.state.get().receipt?.orderId).toBe(order.id);
  });

  it('a cash payment typed by hand on a dearer sale keeps its amount; a sale the credit pays answers its checkout', async () => {
    const { pos, payment } = await tillPaying();
    const dearer = await inCart(pos, catalogue.shirtRed);
    pos.till.state.set({ exchange: { returnOrderId: await exchangeCredit(), credit: '12.00' } });
    expect(await payment.pay('pos_cash', { amount_tendered: '10.00' })).toMatchObject({ status: 'completed', provider_data: { change_due: '4.00' } });
    expect((await checkoutOf(dearer.id)).status).toBe('completed');

    await inCart(pos, catalogue.tea);
    pos.till.state.set({ exchange: { returnOrderId: await exchangeCredit(), credit: '12.00' } });
    expect(await payment.pay('pos_cash', { amount_tendered: '20.00' })).toMatchObject({ status: 'completed', provider_data: { change_due: '7.80' } });
  });

  it('a credit the server refuses stops the payment: nothing is taken', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.tea);
    pos.till.state.set({ exchange: { returnOrderId: 999_999, credit: '12.00' } });
    expect(await payment.pay('pos_cash', { amount_tendered: '5.00' })).toBeNull();
    expect(pos.requests).not.toContain(`POST /orders/${order.id}/checkout`);
    expect(pos.till.state.get().status?.kind).toBe('error');
  });
});

describe('the next sale', () => {
  it('after a completed sale: the receipt closes, the cart empties, and the favourites or an empty search come back', async () => {
    const { pos, payment } = await tillPaying();
    await inCart(pos, catalogue.tea);
    await payment.payExactCash();
    pos.till.state.set({ search: 'tea' });
    payment.nextSale();
    expect(pos.till.state.get()).toMatchObject({ receipt: null, paying: false, checkout: null, order: null, search: '' });

    await inCart(pos, catalogue.tea);
    await payment.payExactCash();
    const favourite = pos.till.state.get().products[0]!;
    pos.till.state.set({ favourites: [favourite], favouritesShown: false, search: 'tea', category: 3 });
    payment.finish();
    expect(pos.till.state.get()).toMatchObject({ favouritesShown: true, search: '', category: null, order: null });

    await inCart(pos, catalogue.tea);
    await payment.payExactCash();
    pos.till.state.set({ favourites: [], search: '' });
    const before = pos.requests.length;
    payment.finish();
    expect(pos.requests.length).toBe(before);
    expect(pos.till.state.get().order).toBeNull();
  });

  it('with no receipt showing a tap starts nothing; a reprint closes without ending the sale', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.coffee);
    pos.till.state.set({ paying: true, search: 'coffee' });
    payment.nextSale();
    expect(pos.till.state.get()).toMatchObject({ order, paying: true, search: 'coffee' });

    await payment.showReceipt(order.id);
    expect(pos.till.state.get().receipt?.orderId).toBe(order.id);
    const favourite = pos.till.state.get().products[0]!;
    pos.till.state.set({ favourites: [favourite], favouritesShown: false });
    payment.nextSale();
    expect(pos.till.state.get()).toMatchObject({ receipt: null, order, paying: true, search: 'coffee', favouritesShown: false });
  });

  it('a completed sale whose receipt is not showing stays until the receipt closes', async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.tea);
    await payment.payExactCash();
    pos.till.state.set({ receipt: null });
    payment.nextSale();
    expect(pos.till.state.get()).toMatchObject({ order, checkout: { status: 'completed' } });
  });

  it('without favourites the next sale keeps the category chosen, and only a search is cleared', async () => {
    const { pos, payment } = await tillPaying();
    await inCart(pos, catalogue.tea);
    await payment.payExactCash();
    pos.till.state.set({ favourites: [], search: '', category: 3, status: { kind: 'info', message: 'Paid.' } });
    payment.finish();
    expect(pos.till.state.get()).toMatchObject({ order: null, category: 3, search: '', status: { kind: 'info', message: 'Paid.' } });
  });
});

describe('a payment as it goes', () => {
  it('shows the till busy and clears the last message while the server takes it', async () => {
    const { pos, payment } = await tillPaying();
    await inCart(pos, catalogue.tea);
    pos.till.state.set({ status: { kind: 'info', message: 'earlier' } });
    const seen: Array<[boolean, unknown]> = [];
    pos.till.state.subscribe(() => seen.push([pos.till.state.get().busy, pos.till.state.get().status]));
    await payment.pay('pos_cash', { amount_tendered: '5.00' });
    expect(seen[0]).toEqual([true, null]);
    expect(pos.till.state.get()).toMatchObject({ busy: false, status: null });
  });

  it('prints nothing by itself when the settings were never read for this sale', async () => {
    await autoPrint(true);
    try {
      const { pos, payment } = await tillPaying();
      const order = await inCart(pos, catalogue.tea);
      await payment.pay('pos_cash', { amount_tendered: '5.00' });
      expect(pos.till.state.get().checkout?.status).toBe('completed');
      expect(payment.takeAutoPrint(order.id)).toBe(false);
    } finally {
      await autoPrint(false);
    }
  });

  it("cash of the order's whole total after a part by card gives the change of it: only an exchange credit makes it the difference", async () => {
    const { pos, payment } = await tillPaying();
    const order = await inCart(pos, catalogue.coffee);
    await payment.pay('pos_card', { amount: '5.00' });
    const reads = pos.requests.filter((request) => request === `GET /orders/${order.id}/checkout`).length;
    const rest = await payment.pay('pos_cash', { amount_tendered: order.total });
    expect(rest).toMatchObject({ status: 'completed', provider_data: { amount_tendered: '12.00', change_due: '5.00' } });
    expect(pos.requests.filter((request) => request === `GET /orders/${order.id}/checkout`)).toHaveLength(reads);
  });
});
