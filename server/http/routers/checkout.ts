import type { Request, Router } from 'express';
import { checkoutInput } from '../../domain/orders/checkout.js';
import type { CheckoutState } from '../../../shared/resources/payments.js';
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

/** Where a sale just paid is held: `this-till-and-a-peer`, `this-till-only`, or `alone` (a till in no shop). */
export const SALE_COPIES_HEADER = 'X-Tillbase-Sale-Copies';

/** Paying an order at the till (wcpos-reference "Checkout"). */
export function createCheckoutRouter(context: AppContext): Router {
  const { auth, services } = context;
  const routes = endpointRouter(auth);
  const { checkout, guardedOrders: guarded, registers } = services;
  const { copies } = services.tills;
  /** The answers waiting for their drawer's pulse, by checkout id. */
  const kicking = new Map<string, Promise<CheckoutState>>();

  routes.get('/orders/{id}/checkout', { params: idParams }, (_req, res, { params }) => {
    res.json(checkout.state(params.id));
  });

  routes.post('/orders/{id}/checkout', { params: idParams, body: checkoutInput }, async (req, res, { params, body: input }) => {
    const { id } = params;
    const key = idempotencyKeyOf(req);
    // The sale's audit entry is written in the checkout's own transaction: one commit per request.
    const answered = { replayed: false };
    const state = checkout.checkout(id, input, key, principalOf(res).user, (_state, replay) => {
      answered.replayed = replay;
      guarded.checkedOut(principalOf(res), id, input.gateway_id);
    });
    const checkoutId = state.checkout_id;
    // Two copies before the receipt: a sale just paid waits (at most 300 ms, beside the drawer's
    // pulse) for a paired till to hold it; the answer says where it is (second-copies.ts).
    if (!answered.replayed && state.status === 'completed') res.setHeader(SALE_COPIES_HEADER, await copies.ofSale(id));
    // A replay that came while the first answer waits for its drawer gets that answer, drawer and all.
    const first = answered.replayed && checkoutId !== null ? kicking.get(checkoutId) : undefined;
    if (first !== undefined) {
      res.json(await first);
      return;
    }
    // Cash taken opens the drawer's printer, once the sale is committed. The answer waits for the
    // pulse (at most DRAWER_TIMEOUT_MS; milliseconds for a printer that answers) and carries its
    // outcome in provider_data.drawer, stored with the answer for replays: a drawer that did not
    // open is told to the cashier holding the change, not only to the managers' log. A register
    // without a printer opens with its key, and its answers stay as they were.
    const drawer = answered.replayed || checkoutId === null ? undefined : registers.cashDrawerOfCheckout(checkoutId);
    if (drawer === undefined || checkoutId === null || drawer.drawer_printer === '') {
      res.json(state);
      return;
    }
    const answer = openDrawerAfterCommit(context, drawer, 'sale').then((kick) => checkout.withDrawer(checkoutId, state, kick));
    kicking.set(checkoutId, answer);
    try {
      res.json(await answer);
    } finally {
      kicking.delete(checkoutId);
    }
  });

  return routes.router;
}
