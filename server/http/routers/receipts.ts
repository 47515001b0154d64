import type { Router } from 'express';
import { z } from 'zod';
import { ReceiptService } from '../../domain/orders/receipts.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idSchema, parseParams, parseQuery } from '../validation.js';

const receiptParams = z.object({ order_id: idSchema });
const receiptQuery = z.object({ mode: z.enum(['live', 'fiscal']).default('live') });

/** `GET /receipts/{order_id}`: the receipt payload as JSON. */
export function createReceiptsRouter({ auth, db }: AppContext): Router {
  const routes = endpointRouter(auth);
  const receipts = new ReceiptService(db);

  routes.get('/receipts/{order_id}', (req, res) => {
    const { order_id } = parseParams(receiptParams, req);
    const { mode } = parseQuery(receiptQuery, req);
    res.json(mode === 'fiscal' ? receipts.fiscal(order_id) : receipts.receipt(order_id));
  });

  return routes.router;
}
