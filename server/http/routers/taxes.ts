import type { Router } from 'express';
import { z } from 'zod';
import { shapeTaxClass, shapeTaxRate } from '../../domain/taxes/shape.js';
import { apiBase, isSyncAudit, offsetOf, orderQuery, pagingQuery, sendAll, sendAudit, sendItem, sendPage } from '../collection.js';
import { notFound } from '../../domain/errors.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idParams } from '../validation.js';

export const taxesQuery = pagingQuery.extend({
  order: orderQuery.default('asc'),
  orderby: z.enum(['order', 'id', 'priority']).default('order'),
  class: z.string().trim().min(1).max(200).optional(),
});

/** Tax rates and classes, read-only (woocommerce-reference §2.10, §2.11). */
export function createTaxesRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const taxes = services.taxTables;

  routes.get('/taxes', { query: taxesQuery, syncAudit: true }, (req, res, { query }) => {
    // Tax rates have no modification date in WooCommerce either: the audit lists every id with null.
    if (isSyncAudit(req)) {
      sendAudit(
        req,
        res,
        taxes.allRates().map((rate) => ({ id: rate.id, date_modified_gmt: null })),
      );
      return;
    }
    const page = taxes.listRates({ taxClass: query.class, orderby: query.orderby, order: query.order, limit: query.per_page, offset: offsetOf(query) });
    const base = apiBase(req);
    sendPage(
      req,
      res,
      page.rates.map((rate) => shapeTaxRate(rate, base)),
      page.total,
      query,
    );
  });

  routes.get('/taxes/classes', (req, res) => {
    const base = apiBase(req);
    sendAll(
      req,
      res,
      taxes.classList().map((taxClass) => shapeTaxClass(taxClass, base)),
    );
  });

  // After `/taxes/classes`, which `{id}` would otherwise take for an id.
  routes.get('/taxes/{id}', { params: idParams }, (req, res, { params }) => {
    const rate = taxes.findRate(params.id);
    if (!rate) throw notFound('tax');
    sendItem(req, res, shapeTaxRate(rate, apiBase(req)));
  });

  return routes.router;
}
