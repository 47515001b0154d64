import type { Router } from 'express';
import { z } from 'zod';
import { notFound } from '../../domain/errors.js';
import type { Store } from '../../model/stores.js';
import { splitStoreInput, storeCreateSchema, storeUpdateCandidate, storeUpdateSchema, upsertMetaData, storeWritableKeys } from '../../domain/stores-view.js';
import { apiBase, offsetOf, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { storeResourceFor } from '../store-resource.js';
import { idParams, parseWith } from '../validation.js';

/** `PUT /stores/{id}/users`: the users who sell in the store, replacing the previous list. */
const storeUsersInput = z.object({ user_ids: z.array(z.number().int('must be an integer').positive('must be a user id')).max(1000) });

const storePatch = z.record(z.string(), z.unknown(), { error: 'the body must be a JSON object of store fields' });

/** Stores: the POS boot list for every role; edit data, create and update for store managers. */
export function createStoresRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  // A store's fields are the shop's settings (tax, currency, receipts): changing them is audited like settings.
  const { stores, audit } = services;

  const findStore = (id: number): Store => {
    const store = stores.find(id);
    if (!store) throw notFound('store');
    return store;
  };

  routes.get('/stores', { query: pagingQuery }, (req, res, { query: paging }) => {
    const { stores: page, total } = stores.list(paging.per_page, offsetOf(paging));
    sendPage(
      req,
      res,
      page.map((store) => storeResourceFor(req, store, 'view')),
      total,
      paging,
    );
  });

  routes.get('/stores/{id}', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, storeResourceFor(req, findStore(params.id), 'view'));
  });

  routes.get('/stores/{id}/edit', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, storeResourceFor(req, findStore(params.id), 'edit'));
  });

  routes.post('/stores', { body: storeCreateSchema }, (req, res, { body: input }) => {
    const { name, fields } = splitStoreInput(input);
    const store = stores.create(name, fields, upsertMetaData([], input.meta_data));
    const { user } = principalOf(res);
    logs.add({ level: 'info', source: 'stores', message: `Store ${store.id} (${store.name}) created`, context: { store_id: store.id, user_id: user.id } });
    audit.record({
      actor: user,
      action: 'store.create',
      object: { type: 'store', id: store.id },
      details: { name: store.name },
      message: `${user.username} created store ${store.id} (${store.name})`,
    });
    sendItem(req, res, storeResourceFor(req, store, 'edit'), { location: `${apiBase(req)}/stores/${store.id}` });
  });

  routes.patch('/stores/{id}', { params: idParams, body: storePatch }, (req, res, { params, body: patch }) => {
    const store = findStore(params.id);
    const input = parseWith(storeUpdateSchema, storeUpdateCandidate(store, patch));
    const { name, fields } = splitStoreInput(input);
    const { meta_data } = input;
    const updated = stores.update(store.id, name, fields, meta_data ? upsertMetaData(store.meta_data, meta_data) : store.meta_data);
    if (!updated) throw notFound('store');
    const keys = storeWritableKeys(patch);
    if (keys.length > 0) {
      const { user } = principalOf(res);
      logs.add({
        level: 'info',
        source: 'stores',
        message: `Store ${store.id} updated (${keys.join(', ')})`,
        context: { store_id: store.id, keys, user_id: user.id },
      });
      audit.record({
        actor: user,
        action: 'store.update',
        object: { type: 'store', id: store.id },
        details: { keys },
        message: `${user.username} updated store ${store.id} (${keys.join(', ')})`,
      });
    }
    sendItem(req, res, storeResourceFor(req, updated, 'edit'));
  });

  routes.get('/stores/{id}/users', { params: idParams }, (_req, res, { params }) => {
    const store = findStore(params.id);
    res.json({ store_id: store.id, user_ids: stores.usersOf(store.id) });
  });

  routes.put('/stores/{id}/users', { params: idParams, body: storeUsersInput }, (_req, res, { params, body }) => {
    const store = findStore(params.id);
    const { user_ids } = body;
    stores.setUsers(store.id, user_ids);
    const { user } = principalOf(res);
    logs.add({
      level: 'info',
      source: 'stores',
      message: `Store ${store.id} users set (${user_ids.join(', ')})`,
      context: { store_id: store.id, user_ids, user_id: user.id },
    });
    audit.record({
      actor: user,
      action: 'store.users',
      object: { type: 'store', id: store.id },
      details: { user_ids },
      message: `${user.username} set the users of store ${store.id} (${user_ids.join(', ')})`,
    });
    res.json({ store_id: store.id, user_ids: stores.usersOf(store.id) });
  });

  return routes.router;
}
