import type { Router } from 'express';
import { exchangeCreditInput } from '../../domain/orders/exchanges.js';
import { sendAll, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idParams } from '../validation.js';
import { principalOf } from '../middleware/access.js';

/**
 * `POST /orders/{id}/exchange-credit`: an exchange's return credit pays this sale first, the rest is
 * paid at checkout (server/domain/orders/exchanges.ts says how the journal and the drawer hold it).
 */
export function createExchangesRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { exchanges, registers } = services;

  // The credits waiting at a register for the sale of the new goods: the till shows them after a reload.
  routes.get('/registers/{id}/exchange-credit', { params: idParams }, (req, res, { params }) => {
    sendAll(req, res, exchanges.waiting(registers.get(params.id).id));
  });

  routes.post('/orders/{id}/exchange-credit', { params: idParams, body: exchangeCreditInput }, (req, res, { params, body }) => {
    sendItem(req, res, exchanges.apply(params.id, body, principalOf(res)));
  });

  routes.post('/returns/{id}/cash-out', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, exchanges.cashOut(params.id, principalOf(res)));
  });

  return routes.router;
}
