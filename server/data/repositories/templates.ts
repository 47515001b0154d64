import { randomUUID } from 'node:crypto';
import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import { prepared } from '../statements.js';
import type { TemplateRecord } from '../../model/records/templates.js';

export type NewTemplate = Pick<TemplateRecord, 'title' | 'content'> &
  Partial<
    Pick<
      TemplateRecord,
      | 'description'
      | 'type'
      | 'category'
      | 'language'
      | 'engine'
      | 'output_type'
      | 'paper_width'
      | 'tax_display'
      | 'gallery_key'
      | 'status'
      | 'source'
      | 'menu_order'
    >
  >;

export interface TemplateQuery {
  type?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
  modifiedAfter?: string | undefined;
  /** -1 for no limit. */
  limit: number;
  offset: number;
}

/** `%` and `_` typed by a user are literal characters, not LIKE wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export class TemplatesRepository {
  constructor(private readonly db: Database) {}

  find(id: number): TemplateRecord | undefined {
    return prepared<[number], TemplateRecord>(this.db, "SELECT * FROM templates WHERE id = ? AND status <> 'trash'").get(id);
  }

  /** Templates in menu order; trashed ones are left out. */
  list(query: TemplateQuery): { templates: TemplateRecord[]; total: number } {
    const where = ["status <> 'trash'"];
    const params: Record<string, string> = {};
    if (query.type !== undefined) {
      where.push('type = @type');
      params.type = query.type;
    }
    if (query.category !== undefined) {
      where.push('category = @category');
      params.category = query.category;
    }
    if (query.search !== undefined && query.search !== '') {
      where.push("(title LIKE @search ESCAPE '\\' OR description LIKE @search ESCAPE '\\')");
      params.search = likePattern(query.search);
    }
    if (query.modifiedAfter !== undefined) {
      where.push('date_modified_gmt > @modifiedAfter');
      params.modifiedAfter = query.modifiedAfter;
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const total = prepared<Record<string, string>, { n: number }>(this.db, `SELECT COUNT(*) AS n FROM templates ${clause}`).get(params)?.n ?? 0;
    const templates =
      query.limit === 0
        ? []
        : prepared<Record<string, string | number>, TemplateRecord>(
            this.db,
            `SELECT * FROM templates ${clause} ORDER BY menu_order, id LIMIT @limit OFFSET @offset`,
          ).all({ ...params, limit: query.limit, offset: query.offset });
    return { templates, total };
  }

  create(template: NewTemplate): TemplateRecord {
    const now = gmtNow();
    const { lastInsertRowid } = prepared(
      this.db,
      `INSERT INTO templates (uuid, title, description, content, type, category, language, engine, output_type, paper_width, tax_display, gallery_key, status, source, menu_order, date_created_gmt, date_modified_gmt)
         VALUES (@uuid, @title, @description, @content, @type, @category, @language, @engine, @output_type, @paper_width, @tax_display, @gallery_key, @status, @source, @menu_order, @now, @now)`,
    ).run({
      uuid: randomUUID(),
      title: template.title,
      description: template.description ?? '',
      content: template.content,
      type: template.type ?? 'receipt',
      category: template.category ?? 'receipt',
      language: template.language ?? 'html',
      engine: template.engine ?? 'logicless',
      output_type: template.output_type ?? 'html',
      paper_width: template.paper_width ?? null,
      tax_display: template.tax_display ?? 'itemized',
      gallery_key: template.gallery_key ?? null,
      status: template.status ?? 'publish',
      source: template.source ?? 'custom',
      menu_order: template.menu_order ?? 0,
      now,
    });
    const created = this.find(Number(lastInsertRowid));
    if (!created) throw new Error('template vanished after insert');
    return created;
  }
}
