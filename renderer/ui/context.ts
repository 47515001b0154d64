/** The till and its sale actions, handed to every component. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Payment } from '../payment.js';
import type { OrderHistory } from '../order-history.js';
import type { Sale } from '../sale.js';
import { useStore } from '../store.js';
import type { Till, TillState } from '../till.js';

export interface TillApi {
  till: Till;
  sale: Sale;
  /** Sales made earlier: opened from the Orders screen, refunded. */
  history: OrderHistory;
  payment: Payment;
  /** Prints the page (the receipt showing): the desktop app's printer, or the browser's print dialog. */
  print: () => Promise<void>;
  /** Opens the customer display's window (on a second screen in the desktop app, when there is one). */
  openCustomerDisplay: () => void;
}

export const TillContext = createContext<TillApi | null>(null);

export function useTill(): TillApi {
  const api = useContext(TillContext);
  if (api === null) throw new Error('TillContext is not provided');
  return api;
}

export function useTillState<Part>(select: (state: TillState) => Part): Part {
  return useStore(useTill().till.state, select);
}
