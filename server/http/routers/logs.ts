import type { Router } from 'express';
import { z } from 'zod';
import { LOG_ENTRY_LEVELS, type LogEntryLevel } from '../../data/repositories/logs.js';
import { offsetOf, pagingQuery } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { parseQuery, queryDate } from '../validation.js';

const logsQuery = pagingQuery.extend({
  level: z.enum(LOG_ENTRY_LEVELS).optional(),
  source: z.string().trim().min(1).max(64).optional(),
  after: queryDate.optional(),
});

/** Levels at which the till cannot go on as normal; any entry at one of them raises `has_fatal_errors`. */
const FATAL_LEVELS: readonly LogEntryLevel[] = ['emergency', 'alert', 'critical'];

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  access: 'Access control',
  extensions: 'Extensions',
  settings: 'Settings',
  stores: 'Stores',
};

const sourceName = (source: string): string => SOURCE_NAMES[source] ?? source.charAt(0).toUpperCase() + source.slice(1).replace(/[-_]/g, ' ');

/** `GET /logs`: the events a manager should see, newest first (wcpos-reference "Logs"). */
export function createLogsRouter({ auth, logs }: AppContext): Router {
  const routes = endpointRouter(auth);

  routes.get('/logs', (req, res) => {
    const query = parseQuery(logsQuery, req);
    const { entries, total } = logs.list({ level: query.level, source: query.source, after: query.after, limit: query.per_page, offset: offsetOf(query) });
    const hasFatalErrors = FATAL_LEVELS.some((level) => logs.list({ level, limit: 1, offset: 0 }).total > 0);
    res.setHeader('X-WP-Total', String(total));
    res.setHeader('X-WP-TotalPages', String(Math.ceil(total / query.per_page)));
    res.json({
      entries: entries.map((entry) => ({ timestamp: entry.timestamp, level: entry.level, message: entry.message, context: entry.context, source: entry.source })),
      has_fatal_errors: hasFatalErrors,
      // Fatal errors are in the log itself; there is no separate page to send anyone to.
      fatal_errors_url: '',
      sources: logs.sources().map((source) => ({ source, name: sourceName(source), requires_pro: false, is_core: true })),
    });
  });

  return routes.router;
}
