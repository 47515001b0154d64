import type { Router } from 'express';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.js';
import type { AppContext } from '../context.js';
import { sendItem } from '../collection.js';
import { endpointRouter } from '../endpoints.js';
import { idListSchema } from '../validation.js';

/** At most one page of the Orders history at a time, as `per_page` allows. */
const MAX_ORDERS = 100;

const ordersQuery = z.object({
  include: idListSchema.pipe(z.array(z.number()).min(1, 'name at least one order').max(MAX_ORDERS, `at most ${MAX_ORDERS} orders at a time`)),
});

/**
 * What the till's sync screens read besides the status (issue 23, item 7): each order's way up to
 * WooCommerce, for the badges of the Orders history (whoever reads orders sees them: a route of its
 * own keeps the orders' answers WooCommerce-shaped), and the managers' "Verify", the proof
 * `tillbase sync verify` prints.
 */
export function createSyncScreensRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);

  routes.get('/sync/orders', { query: ordersQuery }, (_req, res, { query }) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(services.orderSyncStates.of([...new Set(query.include)]));
  });

  // Reads WooCommerce only; answers 200 with ok: false when anything is missing, doubled or altered.
  routes.post('/sync/verify', async (req, res) => {
    const verification = await services.syncVerify();
    if (verification.kind === 'refused') throw verification.refusal;
    if (verification.kind === 'unreadable')
      throw new ApiError(502, 'pos_sync_unreachable', `WooCommerce’s orders cannot be read at ${verification.url}: ${verification.message}`);
    sendItem(req, res, verification.proof);
  });

  return routes.router;
}
