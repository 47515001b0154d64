/** Orders (`/orders`): the cart, parked sales, the history, payment and refunds. */
import type { ApiClient } from '../api-client.js';
import type { Order, ShopOrder } from '../../shared/resources/orders.js';

/** A request's extra headers: a manager's approval (`X-POS-Approval`), when one was asked for. */
export type ApprovalHeaders = Readonly<Record<string, string>>;

/** A type, not an interface: the transport takes it as a record of query values. */
export type OrderListQuery = {
  status?: string;
  per_page?: number;
  orderby?: 'date' | 'id';
  order?: 'asc' | 'desc';
  /** A receipt number, a customer's name, e-mail or phone, an item's name, or a total. */
  search?: string;
  /** Sold after / before these moments (`2026-11-27T00:00:00`). */
  after?: string;
  before?: string;
  page?: number;
  /** Rung up by this user. */
  pos_cashier?: number;
};

export function list(client: ApiClient, query: OrderListQuery) {
  return client.call('GET /orders', { query });
}

/** The sales of every till of the shop, found by receipt number (`scope=shop`: no other filter applies). */
export async function shopList(client: ApiClient, query: { search?: string; page?: number; per_page?: number }): Promise<ShopOrder[]> {
  const orders = await client.call('GET /orders', { query: { ...query, scope: 'shop' } });
  return orders.filter((order: Order): order is ShopOrder => 'till' in order);
}

/** This till's order to refund a sale of the shop through: the sale itself, or this till's copy of another till's (made once). */
export function adopt(client: ApiClient, tillId: string, orderId: number) {
  return client.call('POST /orders/shop/{till_id}/{order_id}/adopt', { params: { till_id: tillId, order_id: orderId } });
}

export function get(client: ApiClient, id: number) {
  return client.call('GET /orders/{id}', { params: { id } });
}

export function create(client: ApiClient, body: Record<string, unknown>) {
  return client.call('POST /orders', { body });
}

export function update(client: ApiClient, id: number, body: Record<string, unknown>, headers: ApprovalHeaders = {}) {
  return client.call('PATCH /orders/{id}', { params: { id }, body, headers });
}

export function checkoutState(client: ApiClient, id: number) {
  return client.call('GET /orders/{id}/checkout', { params: { id } });
}

/** One payment; `idempotencyKey` makes a retry of the same attempt safe. */
export function checkout(client: ApiClient, id: number, body: { gateway_id: string; payment_data: Record<string, string> }, idempotencyKey: string) {
  return client.call('POST /orders/{id}/checkout', { params: { id }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The order's refunds, newest first: their lines say how many of each item went back (`_refunded_item_id`). */
export function refunds(client: ApiClient, id: number) {
  return client.call('GET /orders/{id}/refunds', { params: { id } });
}

export function refund(client: ApiClient, id: number, body: Record<string, unknown>, headers: ApprovalHeaders = {}) {
  return client.call('POST /orders/{id}/refunds', { params: { id }, body, headers });
}
