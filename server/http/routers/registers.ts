import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { registerCreateInput, registerUpdateInput } from '../../domain/registers/registers.js';
import { REPORT_WIDTH, renderReportHtml, renderReportText } from '../../domain/registers/report-render.js';
import { blindReport, type ReadableReport } from '../../domain/registers/reports.js';
import { APPROVAL_HEADER } from '../../domain/approvals/approval-service.js';
import { cashActorOf, cashMovementInput, closeSessionInput, noSaleInput, openSessionInput, type CashActor } from '../../domain/registers/sessions.js';
import { apiBase, offsetOf, pagingQuery, sendItem, sendPage, type Paging } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams } from '../validation.js';
import { openDrawerAfterCommit } from '../drawer-after-commit.js';

const registersQuery = pagingQuery.extend({ store_id: z.coerce.number().int().positive('must be a store id').optional() });

const reportQuery = z.object({
  format: z.enum(['json', 'text', 'html']).default('json'),
  width: z.coerce
    .number()
    .int('must be an integer')
    .min(REPORT_WIDTH.min, `width must be between ${REPORT_WIDTH.min} (inclusive) and ${REPORT_WIDTH.max} (inclusive)`)
    .max(REPORT_WIDTH.max, `width must be between ${REPORT_WIDTH.min} (inclusive) and ${REPORT_WIDTH.max} (inclusive)`)
    .default(REPORT_WIDTH.default),
});
type ReportQuery = z.output<typeof reportQuery>;

/** A page of closures, in any of the reports' formats. */
const closuresQuery = pagingQuery.extend(reportQuery.shape);

/** Reports may be opened in a browser: nothing in them loads or runs. */
const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'";

function actorOf(res: Response): CashActor {
  return cashActorOf(principalOf(res));
}

/** One report, or (for a list) a page of them: JSON, fixed-width text or an HTML page. */
function sendReports(
  req: Request,
  res: Response,
  reports: ReadableReport | { page: readonly ReadableReport[]; total: number; paging: Paging },
  query: ReportQuery,
): void {
  const { format, width } = query;
  const list = 'page' in reports ? reports.page : [reports];
  res.setHeader('Cache-Control', 'no-store');
  if (format === 'json') {
    if ('page' in reports) sendPage(req, res as Response<ReadableReport[]>, reports.page, reports.total, reports.paging);
    else sendItem(req, res, reports);
    return;
  }
  if ('page' in reports) {
    res.setHeader('X-WP-Total', String(reports.total));
  }
  if (format === 'html') {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', REPORT_CSP);
    res.send(renderReportHtml(list));
    return;
  }
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.send(list.map((report) => renderReportText(report, width)).join('\n'));
}

/**
 * Registers, their cash sessions and Z closures. The open session's X report is blind for whoever
 * lacks `manage_pos`: it leaves out the drawer (and the takings per tender it adds up from) until
 * the count is sent. Z closures are read with `handle_cash`: they exist only once counted.
 */
export function createRegistersRouter(context: AppContext): Router {
  const { auth, services } = context;
  const routes = endpointRouter(auth);
  const { registers, cashSessions: sessions } = services;

  routes.get('/registers', { query: registersQuery }, (req, res, { query }) => {
    const page = registers.list(query.store_id, query.per_page, offsetOf(query), apiBase(req));
    sendPage(req, res, page.registers, page.total, query);
  });

  routes.get('/registers/{id}', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, registers.respond(registers.get(params.id), apiBase(req)));
  });

  routes.post('/registers', { body: registerCreateInput }, (req, res, { body }) => {
    const register = registers.create(body, principalOf(res).user);
    sendItem(req, res, registers.respond(register, apiBase(req)), { location: `${apiBase(req)}/registers/${register.id}` });
  });

  routes.patch('/registers/{id}', { params: idParams, body: registerUpdateInput }, (req, res, { params, body }) => {
    sendItem(req, res, registers.respond(registers.update(params.id, body, principalOf(res).user), apiBase(req)));
  });

  routes.post('/registers/{id}/open', { params: idParams, body: openSessionInput }, (req, res, { params, body }) => {
    const actor = actorOf(res);
    const report = sessions.open(params.id, body, actor);
    res.status(201);
    sendItem(req, res, actor.isManager ? report : blindReport(report));
  });

  routes.post('/registers/{id}/cash', { params: idParams, body: cashMovementInput }, (req, res, { params, body }) => {
    res.status(201);
    sendItem(req, res, sessions.cash(params.id, body, principalOf(res), req.get(APPROVAL_HEADER)));
  });

  // A no-sale opens the drawer without a sale: audited, and behind a manager when the settings say so.
  // The pulse goes once the audit entry is committed; the answer says whether the drawer opened.
  routes.post('/registers/{id}/no-sale', { params: idParams, body: noSaleInput }, async (req, res, { params, body }) => {
    const noSale = sessions.noSale(params.id, body, principalOf(res), req.get(APPROVAL_HEADER));
    const drawer = await openDrawerAfterCommit(context, registers.get(params.id), 'no_sale');
    res.status(201);
    sendItem(req, res, { ...noSale, drawer });
  });

  // A manager's test of the drawer printer set for the register (audited: it opens the drawer).
  routes.post('/registers/{id}/drawer-test', { params: idParams }, async (req, res, { params }) => {
    const register = registers.recordDrawerTest(params.id, principalOf(res).user);
    sendItem(req, res, await openDrawerAfterCommit(context, register, 'test'));
  });

  routes.get('/registers/{id}/session', { params: idParams, query: reportQuery }, (req, res, { params, query }) => {
    const report = sessions.current(params.id);
    sendReports(req, res, actorOf(res).isManager ? report : blindReport(report), query);
  });

  // The report's format is checked with the rest, before the drawer is closed.
  routes.post('/registers/{id}/close', { params: idParams, query: reportQuery, body: closeSessionInput }, (req, res, { params, query, body }) => {
    sendReports(req, res, sessions.close(params.id, body, actorOf(res)), query);
  });

  routes.get('/registers/{id}/closures', { params: idParams, query: closuresQuery }, (req, res, { params, query }) => {
    const page = sessions.closuresOf(params.id, query.per_page, offsetOf(query));
    sendReports(req, res, { page: page.closures, total: page.total, paging: query }, query);
  });

  routes.get('/closures/{id}', { params: idParams, query: reportQuery }, (req, res, { params, query }) => {
    sendReports(req, res, sessions.closure(params.id), query);
  });

  return routes.router;
}
