import type { Request } from 'express';
import type { Store } from '../model/stores.js';
import { storeResource, type StoreContext, type StoreResource } from '../domain/stores-view.js';
import { apiBase } from './collection.js';

/** A store as the API shows it (stores and cashier routes), with its `_links` under this request's base URL. */
export function storeResourceFor(req: Request, store: Store, context: StoreContext): StoreResource {
  return storeResource(store, context, { self: `${apiBase(req)}/stores/${store.id}`, collection: `${apiBase(req)}/stores` });
}
