import type { Request, Response, Router } from 'express';
import type { UserRecord } from '../../model/records/users.js';
import { sendAll, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { storeResourceFor } from '../store-resource.js';
import { idParams } from '../validation.js';

/** The cashier's own profile and the stores they can sell in. */
export function createCashierRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { cashiers } = services;

  /** The requested user, or 404 when it does not exist or the caller may not see it (the two look the same). */
  const visibleCashier = (res: Response, id: number): UserRecord => cashiers.visibleTo(principalOf(res), id);

  const access = services.storeAccess;
  const accessibleStores = (req: Request, user: UserRecord) => access.storesOf(user.id).map((store) => storeResourceFor(req, store, 'view'));

  routes.get('/cashier/{id}', { params: idParams }, (req, res, { params }) => {
    const user = visibleCashier(res, params.id);
    sendItem(req, res, cashiers.profile(user, accessibleStores(req, user)));
  });

  routes.get('/cashier/{id}/stores', { params: idParams }, (req, res, { params }) => {
    sendAll(req, res, accessibleStores(req, visibleCashier(res, params.id)));
  });

  return routes.router;
}
