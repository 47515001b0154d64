import type { Payment } from './payments.js';

/** An exchange's credit waiting at a register (`GET /registers/{id}/exchange-credit`): a return refunded to exchange credit that nothing has spent yet. */
export interface WaitingExchangeCredit {
  return_order_id: number;
  /** The whole credit, as the return refunded it. */
  credit: string;
  date_created_gmt: string;
}

/** `POST /orders/{id}/exchange-credit`: a return's credit set against a sale. */
export interface ExchangeCreditResult {
  order_id: number;
  return_order_id: number;
  /** The return's whole credit, what of it paid the sale, and the rest given back as cash change. */
  credit: string;
  used: string;
  change_due: string;
  /** The sale's status: `completed` when the credit paid it all. */
  status: string;
  payments: Payment[];
  amount_paid: string;
  amount_due: string;
}

/** `POST /returns/{id}/cash-out`: the customer takes nothing after all, and the whole credit goes back in cash. */
export interface ExchangeCashOut {
  return_order_id: number;
  credit: string;
  change_due: string;
}
