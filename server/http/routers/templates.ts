import type { Router } from 'express';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.js';
import { galleryEntries, TEMPLATE_TYPES } from '../../domain/templates/catalogue.js';
import { sampleReceipt } from '../../domain/templates/sample-receipt.js';
import { sendAll, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idSchema, queryDate } from '../validation.js';

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

/** A stored template's id or a gallery key; digits mean a stored id (as `GET /receipts/{id}?template_id=`). */
const previewParams = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'must be a template id or a gallery key')
    .max(100)
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
});

export const previewQuery = z.object({
  /** Renders this order's receipt; without it, a sample sale in the store's currency and words. */
  order_id: idSchema.optional(),
});

/** As the receipts' own pages: nothing in a preview loads or runs, inline styles and data images aside. */
const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** Receipt and report templates: the saved ones, the bundled gallery and the active one of each type. */
export function createTemplatesRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { templates, stores, receipts } = services;

  routes.get('/templates', { query: listQuery }, (req, res, { query }) => {
    const { items, total } = templates.list(query);
    sendPage(req, res, items, total, query.per_page === -1 ? { page: 1, per_page: Math.max(total, 1) } : query);
  });

  routes.get('/templates/active', { query: activeQuery }, (req, res, { query }) => {
    const { type, context: shape } = query;
    const template = templates.active(type, shape);
    if (!template) throw new ApiError(404, 'pos_no_active_template', `There is no active ${type} template.`, { type });
    sendItem(req, res, template);
  });

  routes.get('/templates/gallery', (req, res) => {
    sendAll(req, res, galleryEntries());
  });

  // A manager's check before choosing a template (`POST /settings/templates {"active_receipt": id}`).
  routes.get('/templates/{id}/preview', { params: previewParams, query: previewQuery }, (_req, res, { params, query }) => {
    const { id } = params;
    const { order_id } = query;
    const principal = principalOf(res);
    if (order_id !== undefined && !principal.capabilities.includes('read_orders')) {
      throw new ApiError(403, 'pos_rest_forbidden', 'Sorry, you are not allowed to do that.', {
        reason: 'missing_capability',
        capability: 'read_orders',
        current_user: principal.user.id,
        token_expired: false,
      });
    }
    const data = order_id === undefined ? sampleReceipt(stores.defaultStore()) : receipts.receipt(order_id).data;
    const html = templates.receiptHtml(data, id);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', PREVIEW_CSP);
    res.send(html);
  });

  return routes.router;
}
