import type { Router } from 'express';
import { z } from 'zod';
import { sendAll } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idSchema } from '../validation.js';

const gatewayParams = z.object({ id: z.string().trim().min(1).max(100) });
const bootstrapBody = z.object({ context: z.object({ order_id: idSchema.optional() }).default({}) });

/** The till's payment gateways and their payment setup (wcpos-reference "Payment gateways", "Gateway bootstrap"). */
export function createPaymentGatewaysRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { gateways, checkout } = services;

  routes.get('/payment-gateways', (req, res) => {
    sendAll(req, res, gateways.list());
  });

  routes.post('/payment-gateways/{id}/bootstrap', { params: gatewayParams, body: bootstrapBody }, (_req, res, { params, body }) => {
    res.json(checkout.bootstrap(params.id, body.context.order_id));
  });

  return routes.router;
}
