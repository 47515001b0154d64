import type { Router } from 'express';
import { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import { sendAll } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';

/** `GET /data/order_statuses` → `[{status, label}]` in their configured order (woocommerce-reference §2.7, §7). */
export function createOrderStatusesRouter({ auth, db }: AppContext): Router {
  const routes = endpointRouter(auth);
  const statuses = new OrderStatusesRepository(db);

  routes.get('/data/order_statuses', (req, res) => {
    sendAll(
      req,
      res,
      statuses.all().map(({ status, label }) => ({ status, label })),
    );
  });

  return routes.router;
}
