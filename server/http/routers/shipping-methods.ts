import type { Router } from 'express';
import { apiBase, sendAll } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';

/** The shipping methods an order's shipping lines may name (woocommerce-reference §2.12), unpaginated. */
export function createShippingMethodsRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const methods = services.shippingMethods;

  routes.get('/shipping_methods', (req, res) => {
    const collection = `${apiBase(req)}/shipping_methods`;
    // The collection is each method's only address: there is no single-method route.
    sendAll(
      req,
      res,
      methods.list().map((method) => ({
        ...method,
        _links: { self: [{ href: collection }], collection: [{ href: collection }] },
      })),
    );
  });

  return routes.router;
}
