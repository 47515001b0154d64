import type { OrdersRepository } from '../../data/repositories/orders.js';
import { notFound } from '../errors.js';
import type { OrderRecord } from '../../model/orders/types.js';

/** The order of a request, or `404 pos_rest_order_invalid_id`. */
export function requireOrder(orders: OrdersRepository, id: number): OrderRecord {
  const order = orders.find(id);
  if (!order) throw notFound('order');
  return order;
}
