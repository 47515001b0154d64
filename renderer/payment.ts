/**
 * Paying for the sale: `POST /orders/{id}/checkout`, whose answer carries what is paid, what is still
 * due and the change; then the receipt, printed by itself once when the shop asks for it.
 */
import { ApiRequestError } from './api-client.js';
import { drawerNotOpened } from './drawer-outcome.js';
import { errorDetail } from './messages.js';
import { paidByCredit, spendExchangeCredit } from './exchange.js';
import type { Till } from './till.js';
import type { CheckoutState } from '../shared/resources/payments.js';
import * as ordersApi from './api/orders.js';
import * as receiptsApi from './api/receipts.js';
import * as settingsApi from './api/settings.js';

/** A fresh key per payment attempt: a retry of the same attempt must send the same one. */
function idempotencyKey(orderId: number): string {
  return `till-${orderId}-${crypto.randomUUID()}`;
}

export class Payment {
  /**
   * `payment_gateways.auto_print_receipt` as `GET /settings` said when this payment dialog opened: read
   * again for every sale, so a manager's change applies at the next sale without a reload.
   */
  private autoPrint = false;
  /** The order whose receipt prints by itself once it is showing (a sale just completed with auto print on). */
  private printPending: number | null = null;

  constructor(private readonly till: Till) {}

  private get client() {
    return this.till.client;
  }

  /** The payment dialog, with what is already paid and still due on the order as the server has it. */
  async openPayment(): Promise<void> {
    const order = this.till.state.get().order;
    if (order === null) return;
    this.till.state.set({ paying: true, checkout: null, status: null });
    // An exchange's credit pays first, so the dialog asks only for the difference.
    const spent = await spendExchangeCredit(this.till);
    if (spent.outcome === 'paid') return paidByCredit(this.till, (id) => this.showReceipt(id), order.id, spent.changeDue);
    try {
      const [checkout] = await Promise.all([ordersApi.checkoutState(this.client, order.id), this.readAutoPrint()]);
      // A payment answered meanwhile is newer than this read; the read must not replace it.
      const now = this.till.state.get();
      if (now.order?.id === order.id && now.paying && now.checkout === null) this.till.state.set({ checkout });
    } catch (error) {
      this.till.fail(error);
    }
  }

  /** Unreadable settings print only on the button: the sale itself goes on. */
  private async readAutoPrint(): Promise<void> {
    try {
      const settings = await settingsApi.all(this.client);
      this.autoPrint = settings.payment_gateways?.auto_print_receipt === true;
    } catch {
      this.autoPrint = false;
    }
  }

  /** The quick tender: cash of exactly the amount due, in one tap, with no dialog; the receipt follows. */
  async payExactCash(): Promise<void> {
    const order = this.till.state.get().order;
    if (order === null) return;
    await this.readAutoPrint();
    await this.pay('pos_cash', { amount_tendered: order.total });
  }

  closePayment(): void {
    this.till.state.set({ paying: false, waitingPayment: null });
  }

  /**
   * One payment through a tender: `payment_data` is what that gateway takes (cash: the amount
   * tendered; a part of a split payment: `amount`). The answer says what is paid, what is still due
   * and the change; the dialog stays open while something is due, and the receipt follows.
   * Without an open drawer the payment waits while the register is opened in place (waitForRegister).
   */
  async pay(gatewayId: string, paymentData: Record<string, string>): Promise<CheckoutState | null> {
    const order = this.till.state.get().order;
    if (order === null) return null;
    // The quick tender does not open the dialog: a waiting exchange credit is spent here first.
    const credit = await spendExchangeCredit(this.till);
    if (credit.outcome === 'failed') return null;
    if (credit.outcome === 'paid') {
      await paidByCredit(this.till, (id) => this.showReceipt(id), order.id, credit.changeDue);
      return this.till.state.get().checkout;
    }
    // The quick tender's exact cash was the whole total: after a part paid by the credit, it is the difference.
    // Stryker disable next-line ConditionalExpression: a card takes its `amount` and never reads amount_tendered (server/domain/orders/payments.ts), so card data rewritten so is taken the same
    const cash = gatewayId === 'pos_cash';
    if (credit.outcome === 'part' && cash && paymentData.amount_tendered === order.total) {
      const rest = await ordersApi.checkoutState(this.client, order.id);
      paymentData = { ...paymentData, amount_tendered: rest.amount_due ?? order.total };
    }
    this.till.state.set({ busy: true, status: null });
    try {
      const checkout = await ordersApi.checkout(this.client, order.id, { gateway_id: gatewayId, payment_data: paymentData }, idempotencyKey(order.id));
      const drawerFailure = drawerNotOpened(checkout);
      this.till.state.set(drawerFailure === null ? { checkout, busy: false } : { checkout, busy: false, status: { kind: 'error', message: drawerFailure } });
      if (checkout.status === 'completed') {
        // Only the part that settles the order prints; a part of a split payment leaves the dialog open.
        this.printPending = this.autoPrint ? order.id : null;
        await this.showReceipt(order.id);
      }
      return checkout;
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'pos_register_closed') {
        this.waitForRegister(gatewayId, paymentData, error);
        return null;
      }
      this.till.fail(error);
      return null;
    }
  }

  /**
   * The register was closed: the payment waits, as typed, while the float form shows where the
   * cashier is (in the payment dialog, or on the Sell screen after the quick tender); opening the
   * register takes it again (resumeWaiting).
   */
  private waitForRegister(gatewayId: string, paymentData: Record<string, string>, error: ApiRequestError): void {
    this.till.state.set((state) => ({
      busy: false,
      waitingPayment: { gatewayId, paymentData },
      drawer: state.drawer?.register == null ? state.drawer : { ...state.drawer, register: { ...state.drawer.register, session: null } },
      status: {
        kind: 'error',
        message: 'The register is not open, so the payment was not taken.',
        explanation: 'Count the float into the drawer and open the register here: the payment then goes through as it was typed.',
        detail: errorDetail(error.code, error.reason),
      },
    }));
  }

  /** The payment that waited for the register, now open: taken again as it was typed. */
  async resumeWaiting(): Promise<void> {
    const waiting = this.till.state.get().waitingPayment;
    if (waiting === null) return;
    this.till.state.set({ waitingPayment: null });
    await this.pay(waiting.gatewayId, waiting.paymentData);
  }

  /** After a sale: the receipt of the active template; the cart starts empty. */
  async showReceipt(orderId: number): Promise<void> {
    try {
      const html = await receiptsApi.orderReceiptHtml(this.client, orderId);
      this.till.state.set({ receipt: { orderId, html } });
    } catch (error) {
      // No receipt showing: nothing prints by itself later (a reprint prints on the button only).
      this.printPending = null;
      this.till.fail(error);
    }
  }

  /**
   * Whether the receipt of `orderId`, now showing, is to print by itself: true once, after the payment
   * that completed that order with auto print on (never for a reprint from the history).
   */
  takeAutoPrint(orderId: number): boolean {
    if (this.printPending !== orderId) return false;
    this.printPending = null;
    return true;
  }

  /** The next sale begun by a tile's tap or a scan while the last one's receipt shows: the receipt closes as "New sale" closes it. */
  nextSale(): void {
    if (this.till.state.get().receipt !== null) this.finish();
  }

  /** Done with the sale (or the reprint): close the receipt and start an empty cart, without the last sale's search. */
  finish(): void {
    this.printPending = null;
    const { checkout, search } = this.till.state.get();
    const completed = checkout?.status === 'completed';
    this.till.state.set(completed ? { receipt: null, paying: false, checkout: null, order: null } : { receipt: null });
    // The next sale starts on the favourites page where the store has one, else without the last search.
    if (completed && this.till.state.get().favourites.length > 0) this.till.showFavourites();
    else if (completed && search !== '') this.till.search('');
  }
}
