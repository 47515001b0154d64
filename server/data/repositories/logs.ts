import type { Database } from '../database.js';
import { prepared } from '../statements.js';

export const LOG_ENTRY_LEVELS = ['emergency', 'alert', 'critical', 'error', 'warning', 'notice', 'info', 'debug'] as const;
export type LogEntryLevel = (typeof LOG_ENTRY_LEVELS)[number];

export interface LogEntry {
  id: number;
  timestamp: string;
  level: LogEntryLevel;
  source: string;
  message: string;
  context: Record<string, unknown>;
}

export interface LogQuery {
  level?: LogEntryLevel | undefined;
  source?: string | undefined;
  after?: string | undefined;
  limit: number;
  offset: number;
}

/** The application log that `GET /logs` shows: access failures and other events a manager should see. */
/** How many entries the log keeps: refused requests are logged one by one, and a till runs for years. */
export const LOG_RETENTION = 50_000;

export class LogsRepository {
  constructor(
    private readonly db: Database,
    private readonly retention = LOG_RETENTION,
  ) {}

  /** Adds an entry and drops what has fallen out of the retention window (cheap: a range of the primary key). */
  add(entry: Omit<LogEntry, 'id' | 'timestamp'>): void {
    const { lastInsertRowid } = prepared(this.db, 'INSERT INTO logs (timestamp, level, source, message, context) VALUES (?, ?, ?, ?, ?)').run(
      new Date().toISOString(),
      entry.level,
      entry.source,
      entry.message,
      JSON.stringify(entry.context),
    );
    prepared(this.db, 'DELETE FROM logs WHERE id <= ?').run(Number(lastInsertRowid) - this.retention);
  }

  list(query: LogQuery): { entries: LogEntry[]; total: number } {
    const where: string[] = [];
    const params: Record<string, string> = {};
    if (query.level) {
      where.push('level = @level');
      params.level = query.level;
    }
    if (query.source) {
      where.push('source = @source');
      params.source = query.source;
    }
    if (query.after) {
      where.push('timestamp > @after');
      params.after = query.after;
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = prepared<Record<string, string>, { n: number }>(this.db, `SELECT COUNT(*) AS n FROM logs ${clause}`).get(params)?.n ?? 0;
    const rows = prepared<Record<string, string | number>, Omit<LogEntry, 'context'> & { context: string }>(
      this.db,
      `SELECT * FROM logs ${clause} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ).all({ ...params, limit: query.limit, offset: query.offset });
    return { entries: rows.map((row) => ({ ...row, context: JSON.parse(row.context) as Record<string, unknown> })), total };
  }

  sources(): string[] {
    return prepared<[], { source: string }>(this.db, 'SELECT DISTINCT source FROM logs ORDER BY source')
      .all()
      .map((row) => row.source);
  }
}
