import type { Router } from 'express';
import { z } from 'zod';
import { EXTENSION_STATUSES, extensionActionSchema } from '../../domain/extensions/catalogue.js';
import { sendAll, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';

const listQuery = z.object({
  status: z.enum(EXTENSION_STATUSES).optional(),
  category: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
});

const PAST_TENSE = { install: 'installed', activate: 'activated', deactivate: 'deactivated', uninstall: 'uninstalled', update_settings: 'updated' } as const;

/** The extensions registered on this till, and the administrator's actions on them. */
export function createExtensionsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { extensions } = services;

  routes.get('/extensions', { query: listQuery }, (req, res, { query }) => {
    sendAll(req, res, extensions.list(query));
  });

  routes.post('/extensions/action', { body: extensionActionSchema }, (req, res, { body: action }) => {
    const entry = extensions.perform(action);
    logs.add({
      level: 'notice',
      source: 'extensions',
      message: `Extension ${entry.slug} ${PAST_TENSE[action.action]}`,
      context: { action: action.action, slug: entry.slug, version: entry.version, status: entry.status, user_id: principalOf(res).user.id },
    });
    sendItem(req, res, entry);
  });

  return routes.router;
}
