import type { Router } from 'express';
import { z } from 'zod';
import { notFound } from '../../domain/errors.js';
import { MAX_FAVOURITES } from '../../domain/store-favourites.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams } from '../validation.js';

/** `PUT /stores/{id}/favourites`: the products on the till's first page, in order, replacing the previous list. */
const favouritesInput = z.object({
  product_ids: z
    .array(z.number().int('must be an integer').positive('must be a product id'))
    .max(MAX_FAVOURITES, `at most ${MAX_FAVOURITES} favourites: one page of the till`),
});

/** A store's favourites: read by every till role (the first page of the till), set by managers (manage_pos). */
export function createFavouritesRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { stores, favourites, audit } = services;

  const storeId = (id: number): number => {
    if (stores.find(id) === undefined) throw notFound('store');
    return id;
  };

  routes.get('/stores/{id}/favourites', { params: idParams }, (_req, res, { params }) => {
    const id = storeId(params.id);
    res.json({ store_id: id, product_ids: favourites.productIdsOf(id) });
  });

  routes.put('/stores/{id}/favourites', { params: idParams, body: favouritesInput }, (_req, res, { params, body }) => {
    const id = storeId(params.id);
    const productIds = favourites.set(id, body.product_ids);
    const { user } = principalOf(res);
    logs.add({ level: 'info', source: 'stores', message: `Store ${id} favourites set (${productIds.length})`, context: { store_id: id, user_id: user.id } });
    audit.record({
      actor: user,
      action: 'store.favourites',
      object: { type: 'store', id },
      details: { product_ids: productIds },
      message: `${user.username} set the till's favourites of store ${id} (${productIds.length} products)`,
    });
    res.json({ store_id: id, product_ids: productIds });
  });

  return routes.router;
}
