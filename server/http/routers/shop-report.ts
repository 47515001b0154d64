import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sendItem } from '../collection.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';

/** A calendar day that exists (2026-02-30 does not), in the store's time zone. */
const shopReportQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD, in the store time zone')
    // zod runs the refinement after a failed regex too: an unparsable value must not throw here.
    .refine((value) => {
      const day = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(day) && new Date(day).toISOString().startsWith(value);
    }, 'must be a date that exists (YYYY-MM-DD)')
    .optional(),
});

/**
 * The shop's X report (issue 31, item 3): one day's figures of every till of the shop and their sum.
 * It is reached as the open session's X report is, and blind as it is: the takings per tender are
 * for whoever holds `manage_pos`.
 */
export function createShopReportRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);

  routes.get('/reports/shop', { query: shopReportQuery }, (req, res, { query }) => {
    res.setHeader('Cache-Control', 'no-store');
    sendItem(req, res, services.shopReports.report(query.date, principalOf(res).capabilities.includes('manage_pos')));
  });

  return routes.router;
}
