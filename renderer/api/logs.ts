/** The logs and the audit trail (`GET /logs`, `source=audit`), newest first, one page at a time. */
import type { ApiClient, QueryValue } from '../api-client.js';

export interface LogEntry {
  id?: number;
  timestamp: string;
  level: string;
  message: string;
  source: string;
  context: Record<string, unknown> | null;
}

/** The fields of the answer the logs screen reads (server/http/routers/logs.ts builds it). */
export interface LogsPage {
  entries: LogEntry[];
  has_fatal_errors: boolean;
  sources: Array<{ source: string; name: string }>;
}

/** `query`: the page and the server's filters (source, level, dates; user, action, register for the audit trail). */
export function page(client: ApiClient, query: Readonly<Record<string, QueryValue | undefined>>): Promise<LogsPage> {
  return client.get<LogsPage>('/logs', query);
}
