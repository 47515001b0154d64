import type { Request, Router } from 'express';
import { checkoutInput } from '../../domain/orders/checkout.js';
import { invalidParams } from '../../domain/errors.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams } from '../validation.js';
import { openDrawerAfterCommit } from '../drawer-after-commit.js';

/** `Idempotency-Key`, or the reference plugin's `X-WCPOS-Idempotency-Key`. */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key') ?? req.get('x-wcpos-idempotency-key');
  if (key === undefined) return undefined;
  const trimmed = key.trim();
  if (trimmed === '' || trimmed.length > 255) throw invalidParams({ 'Idempotency-Key': 'the Idempotency-Key header must be 1 to 255 characters' });
  return trimmed;
}

/** Paying an order at the till (wcpos-reference "Checkout"). */
export function createCheckoutRouter(context: AppContext): Router {
  const { auth, services } = context;
  const routes = endpointRouter(auth);
  const { checkout, guardedOrders: guarded, registers } = services;

  routes.get('/orders/{id}/checkout', { params: idParams }, (_req, res, { params }) => {
    res.json(checkout.state(params.id));
  });

  routes.post('/orders/{id}/checkout', { params: idParams, body: checkoutInput }, (req, res, { params, body: input }) => {
    const { id } = params;
    const key = idempotencyKeyOf(req);
    // The sale's audit entry is written in the checkout's own transaction: one commit per request.
    const answered = { replayed: false };
    const state = checkout.checkout(id, input, key, principalOf(res).user, (_state, replay) => {
      answered.replayed = replay;
      guarded.checkedOut(principalOf(res), id, input.gateway_id);
    });
    // Cash taken opens the drawer, once the sale is committed; the answer does not wait for the printer.
    const drawer = answered.replayed || state.checkout_id === null ? undefined : registers.cashDrawerOfCheckout(state.checkout_id);
    if (drawer) void openDrawerAfterCommit(context, drawer, 'sale');
    res.json(state);
  });

  return routes.router;
}
