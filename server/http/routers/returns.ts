import type { Router } from 'express';
import { APPROVAL_HEADER } from '../../domain/approvals/approval-service.js';
import { returnInput } from '../../domain/orders/returns.js';
import { apiBase, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { openDrawerAfterCommit } from '../drawer-after-commit.js';

/**
 * `POST /returns`: goods taken back without a receipt, refunded through the chosen tender
 * (server/domain/orders/returns.ts says how the journal and the drawer hold it). With
 * `return_without_receipt` in `settings/approvals` a cashier needs a manager's approval.
 */
export function createReturnsRouter(context: AppContext): Router {
  const { auth, services } = context;
  const routes = endpointRouter(auth);
  const { returns, registers } = services;

  routes.post('/returns', { body: returnInput }, (req, res, { body }) => {
    const returned = returns.create(body, principalOf(res), req.get(APPROVAL_HEADER), apiBase(req));
    // Cash given back opens the drawer it comes out of, once the return is committed.
    const drawer = registers.cashDrawerOfRefund(returned.refund.id);
    if (drawer) void openDrawerAfterCommit(context, drawer, 'refund');
    res.status(201);
    sendItem(req, res, returned);
  });

  return routes.router;
}
