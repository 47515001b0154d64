import type { Router } from 'express';
import { z } from 'zod';
import { SettingsRepository } from '../../data/repositories/settings.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { TemplatesRepository } from '../../data/repositories/templates.js';
import { ApiError } from '../../domain/errors.js';
import { activeTemplate, galleryEntries, listTemplates, TEMPLATE_TYPES } from '../../domain/templates/catalogue.js';
import { sendAll, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { parseQuery, queryDate } from '../validation.js';

const context = z.enum(['view', 'edit']).default('view');

const listQuery = z.object({
  page: z.coerce.number().int('must be an integer').min(1, 'page must be 1 or more').default(1),
  per_page: z.coerce
    .number()
    .int('must be an integer')
    .refine((value) => value === -1 || (value >= 1 && value <= 100), 'per_page must be -1 (all) or between 1 (inclusive) and 100 (inclusive)')
    .default(-1),
  type: z.enum(TEMPLATE_TYPES).optional(),
  category: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
  modified_after: queryDate.optional(),
  context,
});

const activeQuery = z.object({ type: z.enum(TEMPLATE_TYPES).default('receipt'), context });

/** Receipt and report templates: the saved ones, the bundled gallery and the active one of each type. */
export function createTemplatesRouter({ auth, db }: AppContext): Router {
  const routes = endpointRouter(auth);
  const templates = new TemplatesRepository(db);
  const settings = new SettingsRepository(db);
  const stores = new StoresRepository(db);

  routes.get('/templates', (req, res) => {
    const query = parseQuery(listQuery, req);
    const { items, total } = listTemplates(templates, settings, query, stores.defaultStore().timezone);
    sendPage(req, res, items, total, query.per_page === -1 ? { page: 1, per_page: Math.max(total, 1) } : query);
  });

  routes.get('/templates/active', (req, res) => {
    const { type, context: shape } = parseQuery(activeQuery, req);
    const template = activeTemplate(templates, settings, type, shape, stores.defaultStore().timezone);
    if (!template) throw new ApiError(404, 'pos_no_active_template', `There is no active ${type} template.`, { type });
    sendItem(req, res, template);
  });

  routes.get('/templates/gallery', (req, res) => {
    sendAll(req, res, galleryEntries());
  });

  return routes.router;
}
