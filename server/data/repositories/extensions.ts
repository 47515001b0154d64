import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import { prepared } from '../statements.js';
import type { ExtensionStatus, ExtensionRecord } from '../../model/records/extensions.js';

interface ExtensionRow extends Omit<ExtensionRecord, 'auto_update'> {
  auto_update: number;
}

export interface ExtensionQuery {
  status?: ExtensionStatus | undefined;
  category?: string | undefined;
  search?: string | undefined;
}

const toRecord = (row: ExtensionRow): ExtensionRecord => ({ ...row, auto_update: row.auto_update === 1 });

/** The extensions registered on this till by a manifest (there is no marketplace: Tillbase runs offline). */
export class ExtensionsRepository {
  constructor(private readonly db: Database) {}

  find(slug: string): ExtensionRecord | undefined {
    const row = prepared<[string], ExtensionRow>(this.db, 'SELECT * FROM extensions WHERE slug = ?').get(slug);
    return row && toRecord(row);
  }

  list(query: ExtensionQuery): ExtensionRecord[] {
    const where: string[] = [];
    const params: Record<string, string> = {};
    if (query.status !== undefined) {
      where.push('status = @status');
      params.status = query.status;
    }
    if (query.category !== undefined) {
      where.push("json_extract(manifest, '$.category') = @category");
      params.category = query.category;
    }
    if (query.search !== undefined && query.search !== '') {
      where.push(
        "(instr(lower(slug), @search) > 0 OR instr(lower(json_extract(manifest, '$.name')), @search) > 0 OR instr(lower(json_extract(manifest, '$.description')), @search) > 0)",
      );
      params.search = query.search.toLowerCase();
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return prepared<Record<string, string>, ExtensionRow>(this.db, `SELECT * FROM extensions ${clause} ORDER BY lower(json_extract(manifest, '$.name')), slug`)
      .all(params)
      .map(toRecord);
  }

  /** Registers a manifest as an inactive extension; false when the slug is already taken. */
  insert(slug: string, manifest: object, version: string, autoUpdate: boolean): boolean {
    return (
      prepared(
        this.db,
        'INSERT INTO extensions (slug, manifest, status, installed_version, auto_update, date_modified_gmt) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (slug) DO NOTHING',
      ).run(slug, JSON.stringify(manifest), 'inactive', version, autoUpdate ? 1 : 0, gmtNow()).changes > 0
    );
  }

  setStatus(slug: string, status: ExtensionStatus): boolean {
    return prepared(this.db, 'UPDATE extensions SET status = ?, date_modified_gmt = ? WHERE slug = ?').run(status, gmtNow(), slug).changes > 0;
  }

  setAutoUpdate(slug: string, autoUpdate: boolean): boolean {
    return prepared(this.db, 'UPDATE extensions SET auto_update = ?, date_modified_gmt = ? WHERE slug = ?').run(autoUpdate ? 1 : 0, gmtNow(), slug).changes > 0;
  }

  remove(slug: string): boolean {
    return prepared(this.db, 'DELETE FROM extensions WHERE slug = ?').run(slug).changes > 0;
  }
}
