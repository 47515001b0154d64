/** Exchanges (`POST /orders/{id}/exchange-credit`): a return's exchange credit pays the new sale first. */
import type { WaitingExchangeCredit } from '../../shared/resources/exchanges.js';
import type { Payment } from '../../shared/resources/payments.js';
import type { ApiClient } from '../api-client.js';

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

export function spendCredit(client: ApiClient, orderId: number, returnOrderId: number): Promise<ExchangeCreditResult> {
  return client.request<ExchangeCreditResult>('POST', `/orders/${orderId}/exchange-credit`, { return_order_id: returnOrderId });
}

/** The customer takes nothing after all: the whole credit is given back in cash from the drawer. */
export function cashOut(client: ApiClient, returnOrderId: number): Promise<{ return_order_id: number; credit: string; change_due: string }> {
  return client.request('POST', `/returns/${returnOrderId}/cash-out`);
}

/** The credits of returns at the register that nothing has spent yet, oldest first. */
export function waiting(client: ApiClient, registerId: number): Promise<WaitingExchangeCredit[]> {
  return client.get<WaitingExchangeCredit[]>(`/registers/${registerId}/exchange-credit`);
}
