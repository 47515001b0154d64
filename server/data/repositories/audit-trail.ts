import type { Database } from '../database.js';
import { SqlParams } from '../sql.js';
import { prepared } from '../statements.js';
import type { AuditRecord, NewAuditRecord } from '../../model/records/audit-trail.js';

export interface AuditQuery {
  userId?: number | undefined;
  action?: string | undefined;
  registerId?: number | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  limit: number;
  offset: number;
}

type AuditRow = Omit<AuditRecord, 'amounts' | 'details'> & { amounts: string; details: string };

/** The audit trail: every entry is kept (no retention window, unlike `logs`). */
export class AuditTrailRepository {
  constructor(private readonly db: Database) {}

  add(entry: NewAuditRecord): number {
    const { lastInsertRowid } = prepared(
      this.db,
      `INSERT INTO audit_trail (timestamp, user_id, username, action, object_type, object_id, register_id, approval_id, amounts, details, message)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      new Date().toISOString(),
      entry.user_id,
      entry.username,
      entry.action,
      entry.object_type,
      entry.object_id,
      entry.register_id,
      entry.approval_id,
      JSON.stringify(entry.amounts),
      JSON.stringify(entry.details),
      entry.message,
    );
    return Number(lastInsertRowid);
  }

  exists(action: string, objectType: string, objectId: string): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM audit_trail WHERE object_type = ? AND object_id = ? AND action = ? LIMIT 1').get(objectType, objectId, action) !==
      undefined
    );
  }

  list(query: AuditQuery): { entries: AuditRecord[]; total: number } {
    const params = new SqlParams();
    const where: string[] = [];
    if (query.userId !== undefined) where.push(`user_id = ${params.bind(query.userId)}`);
    if (query.action !== undefined) where.push(`action = ${params.bind(query.action)}`);
    if (query.registerId !== undefined) where.push(`register_id = ${params.bind(query.registerId)}`);
    if (query.objectType !== undefined) where.push(`object_type = ${params.bind(query.objectType)}`);
    if (query.objectId !== undefined) where.push(`object_id = ${params.bind(query.objectId)}`);
    if (query.after !== undefined) where.push(`timestamp > ${params.bind(query.after)}`);
    if (query.before !== undefined) where.push(`timestamp < ${params.bind(query.before)}`);
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = prepared<Record<string, unknown>, { n: number }>(this.db, `SELECT COUNT(*) AS n FROM audit_trail ${clause}`).get(params.values)?.n ?? 0;
    const rows = prepared<Record<string, unknown>, AuditRow>(
      this.db,
      `SELECT * FROM audit_trail ${clause} ORDER BY id DESC LIMIT ${params.bind(query.limit)} OFFSET ${params.bind(query.offset)}`,
    ).all(params.values);
    return {
      entries: rows.map((row) => ({
        ...row,
        amounts: JSON.parse(row.amounts) as Record<string, string>,
        details: JSON.parse(row.details) as Record<string, unknown>,
      })),
      total,
    };
  }

  count(): number {
    return prepared<[], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM audit_trail').get()?.n ?? 0;
  }
}
