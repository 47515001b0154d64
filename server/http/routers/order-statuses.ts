import type { Router } from 'express';
import { sendAll } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';

/** `GET /data/order_statuses` → `[{status, label}]` in their configured order (woocommerce-reference §2.7, §7). */
export function createOrderStatusesRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { orders } = services;

  routes.get('/data/order_statuses', (req, res) => {
    sendAll(
      req,
      res,
      orders
        .statuses()
        .list()
        .map(({ status, label }) => ({ status, label })),
    );
  });

  return routes.router;
}
