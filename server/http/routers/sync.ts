import type { Router } from 'express';
import { z } from 'zod';
import { conflict, notFound } from '../../domain/errors.js';
import { OUTBOX_STATES } from '../../model/records/sync.js';
import { offsetOf, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idParams } from '../validation.js';

const outboxQuery = pagingQuery.extend({ state: z.enum(OUTBOX_STATES).optional() });

/**
 * What people see of the sync with WooCommerce (issue 23, item 7): its status, which every role reads
 * because the till shows it, and for `manage_sync` the outbox, page by page, with retry and "mark
 * handled". Connecting and disconnecting have their own router.
 */
export function createSyncRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { syncStatus } = services;
  const { copies } = services.tills;

  routes.get('/sync/status', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // The WooCommerce sync's status, and beside it the copies among the shop's tills (server/tills/).
    sendItem(req, res, { ...syncStatus.status(), peers: copies.peers(), single_copy: copies.singleCopy() });
  });

  routes.get('/sync/outbox', { query: outboxQuery }, (req, res, { query }) => {
    const { entries, total } = syncStatus.outbox(query.state ?? null, query.per_page, offsetOf(query));
    sendPage(req, res, entries, total, query);
  });

  const entryOf = (id: number) => {
    const entry = syncStatus.entry(id);
    if (entry === undefined) throw notFound('sync_outbox', 'No outbox entry has this id.');
    return entry;
  };

  routes.post('/sync/outbox/{id}/retry', { params: idParams }, (req, res, { params }) => {
    const entry = entryOf(params.id);
    if (!syncStatus.retry(entry.id))
      throw conflict('pos_sync_entry_not_retryable', `Outbox entry ${entry.id} is ${entry.state}: only a pending, unknown or rejected entry can be retried.`, {
        entry_state: entry.state,
      });
    sendItem(req, res, entryOf(entry.id));
  });

  routes.post('/sync/outbox/{id}/handled', { params: idParams }, (req, res, { params }) => {
    const entry = entryOf(params.id);
    if (!syncStatus.markHandled(entry.id))
      throw conflict(
        'pos_sync_entry_not_handleable',
        `Outbox entry ${entry.id} is ${entry.state}: only a pending, unknown or rejected entry can be marked handled.`,
        { entry_state: entry.state },
      );
    sendItem(req, res, entryOf(entry.id));
  });

  return routes.router;
}
