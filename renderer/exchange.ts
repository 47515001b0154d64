/**
 * An exchange at the till: the goods brought back are returned to exchange credit (Orders, "Return
 * without a receipt", "Exchange for other goods"), the selling screen opens with that credit waiting,
 * and the first payment of the next sale spends it (`POST /orders/{id}/exchange-credit`) before any
 * cash or card: the customer pays only the difference, or gets what is left back in cash.
 */
import { Decimal } from 'decimal.js';
import * as exchangesApi from './api/exchanges.js';
import { formatPrice } from './format.js';
import * as ordersApi from './api/orders.js';
import * as registersApi from './api/registers.js';
import type { Till } from './till.js';

/** The tender the server books an exchange's credit under (server/domain/registers/reports.ts). */
export const EXCHANGE_CREDIT = 'pos_exchange_credit';
export const EXCHANGE_CREDIT_TITLE = 'Exchange credit';

/** After the return: the credit waits and the selling screen opens, with an empty cart for the new goods. */
export function startExchange(till: Till, returnOrderId: number, credit: string): void {
  till.go('sell');
  till.state.set({ exchange: { returnOrderId, credit } });
}

/**
 * The credit waiting at this till's register (the store's first, where the server books the till's
 * returns and sales), as the server holds it: read with the selling screen, so a reload or another
 * user logging in between the return and the new sale still finds it. The newest when there are several.
 */
export async function loadWaitingExchange(till: Till): Promise<void> {
  const { user, store, exchange: before } = till.state.get();
  if (user === null || !(user.capabilities as string[]).includes('create_orders')) return;
  try {
    const [register] = await registersApi.list(till.client, { per_page: 1, store_id: store?.id });
    const waiting = register === undefined ? [] : await exchangesApi.waiting(till.client, register.id);
    // A credit started, spent or paid out meanwhile is newer than this read.
    if (till.state.get().exchange !== before) return;
    const newest = waiting.at(-1);
    till.state.set({ exchange: newest === undefined ? null : { returnOrderId: newest.return_order_id, credit: newest.credit } });
  } catch (error) {
    till.fail(error);
  }
}

/** What spending the credit came to, and the cash change of a credit worth more than the sale. */
export interface CreditSpent {
  outcome: 'none' | 'paid' | 'part' | 'failed';
  changeDue: string;
}

/**
 * Spends the waiting credit on the cart's order, once: 'none' without one (or no cart yet),
 * 'paid' when the credit paid it all (what is left is the cash change shown), 'part' when the rest
 * is still to pay, 'failed' when the server refused it (its words are shown; the credit stays).
 */
export async function spendExchangeCredit(till: Till): Promise<CreditSpent> {
  const { exchange, order } = till.state.get();
  if (exchange === null || order === null) return { outcome: 'none', changeDue: '0' };
  try {
    const spent = await exchangesApi.spendCredit(till.client, order.id, exchange.returnOrderId);
    till.state.set({ exchange: null });
    if (spent.status === 'completed') {
      const store = till.state.get().store;
      till.info(
        new Decimal(spent.change_due).isZero()
          ? 'The exchange credit paid for it all.'
          : `The exchange credit paid for it all: give back ${formatPrice(spent.change_due, store)} in cash.`,
      );
      return { outcome: 'paid', changeDue: spent.change_due };
    }
    return { outcome: 'part', changeDue: spent.change_due };
  } catch (error) {
    till.fail(error);
    return { outcome: 'failed', changeDue: '0' };
  }
}

/** A sale the exchange credit paid in full: its state as the server has it, then the receipt with the change. */
export async function paidByCredit(till: Till, showReceipt: (orderId: number) => Promise<void>, orderId: number, changeDue: string): Promise<void> {
  try {
    const checkout = await ordersApi.checkoutState(till.client, orderId);
    // The receipt shows the change: what was left of the credit, given back in cash.
    till.state.set({ checkout: { ...checkout, provider_data: { ...checkout.provider_data, change_due: changeDue } }, paying: true });
    await showReceipt(orderId);
  } catch (error) {
    till.fail(error);
  }
}

/** No new goods after all: the waiting credit is given back in cash, and the till says how much. */
export async function cashOutExchange(till: Till): Promise<void> {
  const { exchange, store } = till.state.get();
  if (exchange === null) return;
  try {
    const paid = await exchangesApi.cashOut(till.client, exchange.returnOrderId);
    till.state.set({ exchange: null });
    till.info(`Give back ${formatPrice(paid.change_due, store)} in cash: the exchange credit is paid out.`);
  } catch (error) {
    till.fail(error);
  }
}
