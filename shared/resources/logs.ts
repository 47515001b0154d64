/** `GET /logs`: a page of the log, or with `source=audit` of the audit trail, newest first (wcpos-reference "Logs"). */

export interface LogEntry {
  /** Audit entries only. */
  id?: number;
  timestamp: string;
  level: string;
  message: string;
  source: string;
  context: Record<string, unknown> | null;
}

export interface LogsPage {
  entries: LogEntry[];
  has_fatal_errors: boolean;
  fatal_errors_url: string;
  sources: Array<{ source: string; name: string; requires_pro: boolean; is_core: boolean }>;
}
