/** The logs and the audit trail (`GET /logs`, `source=audit`), newest first, one page at a time. */
import type { ApiClient, QueryValue } from '../api-client.js';

export type { LogEntry, LogsPage } from '../../shared/resources/logs.js';

/** `query`: the page and the server's filters (source, level, dates; user, action, register for the audit trail). */
export function page(client: ApiClient, query: Readonly<Record<string, QueryValue | undefined>>) {
  return client.call('GET /logs', { query });
}
