import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sendItem } from '../collection.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { queryBoolean } from '../validation.js';

const connectionBody = z.object({
  url: z.string().trim().min(1, 'the shop’s home URL is required').max(2000),
  consumer_key: z.string().trim().min(1, 'the consumer key is required').max(200),
  consumer_secret: z.string().min(1, 'the consumer secret is required').max(200),
});

const disconnectQuery = z.object({ force: queryBoolean.default(false) });

/**
 * The connection to the shop's WooCommerce, for the managers' Sync screen (issue 23, item 1), as
 * `tillbase sync connect|disconnect` makes it. The secret is taken, checked and kept in the secret
 * store; no answer and no log line carries it.
 */
export function createSyncConnectionRouter({ auth, logger, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const connector = services.syncConnector;

  // Checks the key (read and write), keeps it, and starts the first full pull, which runs on after the answer.
  routes.put('/sync/connection', { body: connectionBody }, async (req, res, { body }) => {
    const connected = await connector.connect({ url: body.url, consumerKey: body.consumer_key, consumerSecret: body.consumer_secret }, { waitForPull: false });
    logger.info({ user_id: principalOf(res).user.id, url: connected.connection.url }, 'sync: connected to WooCommerce');
    sendItem(req, res, { ...connected.connection, warnings: connected.warnings, first_pull: 'started' });
  });

  // Sending paused by a refused key: the saved key is checked again and, when accepted, sending goes on with the settings kept.
  routes.post('/sync/resume', async (req, res) => {
    const connection = await connector.resume();
    logger.info({ user_id: principalOf(res).user.id, url: connection.url }, 'sync: resumed with the saved key');
    sendItem(req, res, connection);
  });

  // Refused while anything is unsent, unless `force`: the answer then holds those entries, the export to deal with by hand.
  routes.delete('/sync/connection', { query: disconnectQuery }, async (req, res, { query }) => {
    const { handled } = await connector.disconnect(query.force);
    logger.info({ user_id: principalOf(res).user.id, handled: handled.length }, 'sync: disconnected from WooCommerce');
    sendItem(req, res, { connected: false, unsent: handled });
  });

  return routes.router;
}
