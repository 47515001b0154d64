/** Exchanges (`POST /orders/{id}/exchange-credit`): a return's exchange credit pays the new sale first. */
import type { ApiClient } from '../api-client.js';

export function spendCredit(client: ApiClient, orderId: number, returnOrderId: number) {
  return client.call('POST /orders/{id}/exchange-credit', { params: { id: orderId }, body: { return_order_id: returnOrderId } });
}

/** The customer takes nothing after all: the whole credit is given back in cash from the drawer. */
export function cashOut(client: ApiClient, returnOrderId: number) {
  return client.call('POST /returns/{id}/cash-out', { params: { id: returnOrderId } });
}

/** The credits of returns at the register that nothing has spent yet, oldest first. */
export function waiting(client: ApiClient, registerId: number) {
  return client.call('GET /registers/{id}/exchange-credit', { params: { id: registerId } });
}
