import type { Router } from 'express';
import { z } from 'zod';
import type { AuditRecord } from '../../model/records/audit-trail.js';
import { invalidParams } from '../../domain/errors.js';
import { LOG_ENTRY_LEVELS, type LogEntryLevel } from '../../domain/lists.js';
import { offsetOf, pagingQuery } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { queryDate } from '../validation.js';

/** The source under which `GET /logs` shows the audit trail (kept in its own table: see migration 5). */
const AUDIT_SOURCE = 'audit';

const logsQuery = pagingQuery.extend({
  level: z.enum(LOG_ENTRY_LEVELS).optional(),
  source: z.string().trim().min(1).max(64).optional(),
  after: queryDate.optional(),
  before: queryDate.optional(),
  // Filters of the audit trail (source=audit only).
  user: z.coerce.number().int('must be an integer').positive('must be a user id').optional(),
  action: z.string().trim().min(1).max(64).optional(),
  register: z.coerce.number().int('must be an integer').positive('must be a register id').optional(),
});
type LogsQuery = z.output<typeof logsQuery>;

/** Levels at which the till cannot go on as normal; any entry at one of them raises `has_fatal_errors`. */
const FATAL_LEVELS: readonly LogEntryLevel[] = ['emergency', 'alert', 'critical'];

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  access: 'Access control',
  audit: 'Audit trail',
  extensions: 'Extensions',
  settings: 'Settings',
  stores: 'Stores',
};

const sourceName = (source: string): string => SOURCE_NAMES[source] ?? source.charAt(0).toUpperCase() + source.slice(1).replace(/[-_]/g, ' ');

/** An audit entry in the shape of a log entry; who, what, which object, amounts and approval are in `context`. */
function auditEntry(entry: AuditRecord) {
  return {
    id: entry.id,
    timestamp: entry.timestamp,
    level: 'info' as const,
    message: entry.message,
    context: {
      ...entry.details,
      user_id: entry.user_id,
      username: entry.username,
      action: entry.action,
      object_type: entry.object_type,
      object_id: entry.object_id,
      register_id: entry.register_id,
      approval_id: entry.approval_id,
      amounts: entry.amounts,
    },
    source: AUDIT_SOURCE,
  };
}

function checkAuditFilters(query: LogsQuery): void {
  if (query.source === AUDIT_SOURCE) return;
  const misplaced = (['user', 'action', 'register', 'before'] as const).filter((name) => query[name] !== undefined);
  if (misplaced.length > 0)
    throw invalidParams(Object.fromEntries(misplaced.map((name) => [name, `${name} filters the audit trail: use it with source=audit`])));
}

/** `GET /logs`: the events a manager should see, newest first (wcpos-reference "Logs"), and with `source=audit` the audit trail. */
export function createLogsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { audit } = services;

  const auditPage = (query: LogsQuery, page: { limit: number; offset: number }) => {
    // Audit entries are all at level info: a level filter other than info matches none of them.
    if (query.level !== undefined && query.level !== 'info') return { entries: [], total: 0 };
    const found = audit.list({ userId: query.user, action: query.action, registerId: query.register, after: query.after, before: query.before, ...page });
    return { entries: found.entries.map(auditEntry), total: found.total };
  };
  const logPage = (query: LogsQuery, page: { limit: number; offset: number }) => {
    const found = logs.list({ level: query.level, source: query.source, after: query.after, ...page });
    return {
      entries: found.entries.map((entry) => ({
        timestamp: entry.timestamp,
        level: entry.level,
        message: entry.message,
        context: entry.context,
        source: entry.source,
      })),
      total: found.total,
    };
  };

  routes.get('/logs', { query: logsQuery }, (_req, res, { query }) => {
    checkAuditFilters(query);
    const page = { limit: query.per_page, offset: offsetOf(query) };
    const { entries, total } = query.source === AUDIT_SOURCE ? auditPage(query, page) : logPage(query, page);
    const hasFatalErrors = FATAL_LEVELS.some((level) => logs.list({ level, limit: 1, offset: 0 }).total > 0);
    const sources = [...logs.sources(), ...(audit.isEmpty() ? [] : [AUDIT_SOURCE])].sort();
    res.setHeader('X-WP-Total', String(total));
    res.setHeader('X-WP-TotalPages', String(Math.ceil(total / query.per_page)));
    res.json({
      entries,
      has_fatal_errors: hasFatalErrors,
      // Fatal errors are in the log itself; there is no separate page to send anyone to.
      fatal_errors_url: '',
      sources: sources.map((source) => ({ source, name: sourceName(source), requires_pro: false, is_core: true })),
    });
  });

  return routes.router;
}
