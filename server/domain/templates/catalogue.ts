import { z } from 'zod';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { TemplatesRepository } from '../../data/repositories/templates.js';
import type { TemplateRecord } from '../../model/records/templates.js';
import { gmtToLocal } from '../../model/dates.js';
import { ApiError, badRequest, invalidParams, notFound } from '../errors.js';
import { readSection, type SettingsSection } from '../settings/section.js';
import { GALLERY_TEMPLATES, galleryUuid, type GalleryTemplate } from './gallery.js';
import type { GalleryTemplateItem, SavedTemplateItem, TemplateDescription, TemplateItem } from '../../../shared/resources/templates.js';

export const TEMPLATE_TYPES = ['receipt', 'report'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** A database template by id, or a bundled gallery template by its key. */
const templateReference = z
  .union([z.number().int().positive(), z.string().min(1)])
  .nullable()
  .default(null);

const templateSettingsSchema = z.object({ active_receipt: templateReference, active_report: templateReference });

/** Settings section `templates`: which template each type prints with (none set: the first gallery one). */
export const TEMPLATE_SETTINGS: SettingsSection<typeof templateSettingsSchema> = { name: 'templates', schema: templateSettingsSchema };

export interface TemplateListQuery {
  page: number;
  /** -1: every template in one response, as the reference plugin's default. */
  per_page: number;
  type?: TemplateType | undefined;
  category?: string | undefined;
  search?: string | undefined;
  modified_after?: string | undefined;
  /** `edit` includes each template's `content`. */
  context: 'view' | 'edit';
}

/** Engines whose templates the client can render itself, without the server. */
const OFFLINE_ENGINES = new Set(['logicless', 'thermal']);

type ActiveIds = Record<TemplateType, number | string | undefined>;

interface ShapeOptions {
  context: 'view' | 'edit';
  timezone: string;
  active: ActiveIds;
}

/** The fields a stored template and a bundled one describe the same way; the content only in the edit context. */
function describedBy(template: TemplateRecord | GalleryTemplate, context: ShapeOptions['context']): TemplateDescription {
  return {
    title: template.title,
    description: template.description,
    ...(context === 'edit' ? { content: template.content } : {}),
    type: template.type,
    category: template.category,
    language: template.language,
    file_path: null,
    engine: template.engine,
    output_type: template.output_type,
    paper_width: template.paper_width,
    tax_display: template.tax_display,
  };
}

function databaseItem(template: TemplateRecord, { context, timezone, active }: ShapeOptions): SavedTemplateItem {
  return {
    id: template.id,
    uuid: template.uuid,
    ...describedBy(template, context),
    is_virtual: false,
    // A database template with a gallery key was copied from the gallery.
    is_premade: template.gallery_key !== null,
    gallery_key: template.gallery_key,
    preview_data: null,
    gallery_version: null,
    status: template.status,
    source: template.source,
    menu_order: template.menu_order,
    date_created: gmtToLocal(template.date_created_gmt, timezone),
    date_created_gmt: template.date_created_gmt,
    date_modified: gmtToLocal(template.date_modified_gmt, timezone),
    date_modified_gmt: template.date_modified_gmt,
    offline_capable: OFFLINE_ENGINES.has(template.engine),
    is_active: active[template.type] === template.id,
  };
}

/** A bundled gallery template as a virtual template: its id is its gallery key, its uuid a v5 of that key. */
function galleryItem(template: GalleryTemplate, position: number, { context, active }: ShapeOptions): GalleryTemplateItem {
  return {
    id: template.gallery_key,
    uuid: galleryUuid(template.gallery_key),
    ...describedBy(template, context),
    is_virtual: true,
    is_premade: true,
    gallery_key: template.gallery_key,
    preview_data: null,
    gallery_version: template.gallery_version,
    status: 'publish',
    source: 'gallery',
    menu_order: position,
    // Bundled with this build: no date of their own.
    date_created: null,
    date_created_gmt: null,
    date_modified: null,
    date_modified_gmt: null,
    offline_capable: true,
    is_disabled: false,
    is_active: active[template.type] === template.gallery_key,
  };
}

export type { TemplateItem };

/** `GET /templates/gallery`: the bundled entries without their content. */
export function galleryEntries() {
  return GALLERY_TEMPLATES.map((template) => ({
    uuid: galleryUuid(template.gallery_key),
    gallery_key: template.gallery_key,
    title: template.title,
    description: template.description,
    type: template.type,
    category: template.category,
    language: template.language,
    engine: template.engine,
    output_type: template.output_type,
    paper_width: template.paper_width,
    tax_display: template.tax_display,
    gallery_version: template.gallery_version,
    is_premade: true as const,
  }));
}

type ActiveTemplate = { kind: 'database'; template: TemplateRecord } | { kind: 'gallery'; template: GalleryTemplate; position: number };

function galleryActive(position: number): ActiveTemplate | undefined {
  const template = GALLERY_TEMPLATES[position];
  return template && { kind: 'gallery', template, position };
}

/** The template a type prints with: the configured one if it still exists, else the first gallery template of the type. */
function resolveActive(templates: TemplatesRepository, settings: SettingsRepository, type: TemplateType): ActiveTemplate | undefined {
  const configured = readSection(settings, TEMPLATE_SETTINGS)[type === 'receipt' ? 'active_receipt' : 'active_report'];
  if (typeof configured === 'number') {
    const template = templates.find(configured);
    if (template?.type === type) return { kind: 'database', template };
  }
  if (typeof configured === 'string') {
    const chosen = galleryActive(GALLERY_TEMPLATES.findIndex((template) => template.type === type && template.gallery_key === configured));
    if (chosen) return chosen;
  }
  return galleryActive(GALLERY_TEMPLATES.findIndex((template) => template.type === type));
}

/** Refuses a `templates` settings update naming a template that does not exist or is of the other type. */
export function checkTemplateChoices(templates: TemplatesRepository, values: z.output<typeof templateSettingsSchema>): void {
  const problems: Record<string, string> = {};
  for (const [key, type] of [
    ['active_receipt', 'receipt'],
    ['active_report', 'report'],
  ] as const) {
    const reference = values[key];
    if (reference === null) continue;
    const found = typeof reference === 'number' ? templates.find(reference) : GALLERY_TEMPLATES.find((entry) => entry.gallery_key === reference);
    if (found?.type !== type)
      problems[key] = `${key} must name a ${type} template (a stored template id or a gallery key); ${JSON.stringify(reference)} is not one`;
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
}

/** What printing needs of a template, stored or bundled. */
export type PrintableTemplate = Pick<TemplateRecord | GalleryTemplate, 'title' | 'content' | 'type' | 'engine' | 'output_type' | 'paper_width'> & {
  id: number | string;
};

function printable(template: TemplateRecord | GalleryTemplate): PrintableTemplate {
  const { title, content, type, engine, output_type, paper_width } = template;
  return { id: 'id' in template ? template.id : template.gallery_key, title, content, type, engine, output_type, paper_width };
}

/**
 * The receipt template to print with: the one asked for (a stored template's id or a gallery key),
 * else the active one, resolved as `GET /templates/active?type=receipt` resolves it.
 */
export function receiptTemplate(templates: TemplatesRepository, settings: SettingsRepository, reference?: number | string): PrintableTemplate {
  if (reference === undefined) {
    const active = resolveActive(templates, settings, 'receipt');
    if (!active) throw new ApiError(404, 'pos_no_active_template', 'There is no active receipt template.', { type: 'receipt' });
    return printable(active.template);
  }
  const template = typeof reference === 'number' ? templates.find(reference) : GALLERY_TEMPLATES.find((entry) => entry.gallery_key === reference);
  if (!template) throw notFound('template');
  if (template.type !== 'receipt') {
    throw badRequest('pos_template_unsupported', `Template ${String(reference)} is a ${template.type} template; receipts print with receipt templates.`, {
      template_id: reference,
      type: template.type,
    });
  }
  return printable(template);
}

function activeIds(templates: TemplatesRepository, settings: SettingsRepository): ActiveIds {
  const idOf = (active: ActiveTemplate | undefined) =>
    active === undefined ? undefined : active.kind === 'database' ? active.template.id : active.template.gallery_key;
  return { receipt: idOf(resolveActive(templates, settings, 'receipt')), report: idOf(resolveActive(templates, settings, 'report')) };
}

/** `GET /templates/active?type=`: undefined when the type has no template at all. */
export function activeTemplate(
  templates: TemplatesRepository,
  settings: SettingsRepository,
  type: TemplateType,
  context: 'view' | 'edit',
  timezone: string,
): TemplateItem | undefined {
  const active = resolveActive(templates, settings, type);
  if (!active) return undefined;
  const options: ShapeOptions = { context, timezone, active: activeIds(templates, settings) };
  return active.kind === 'database' ? databaseItem(active.template, options) : galleryItem(active.template, active.position, options);
}

function galleryMatches(template: GalleryTemplate, query: TemplateListQuery): boolean {
  if (query.type !== undefined && template.type !== query.type) return false;
  if (query.category !== undefined && template.category !== query.category) return false;
  if (query.search !== undefined && query.search !== '') {
    const needle = query.search.toLowerCase();
    if (!template.title.toLowerCase().includes(needle) && !template.description.toLowerCase().includes(needle)) return false;
  }
  return true;
}

/**
 * `GET /templates`: the bundled gallery templates first (virtual, as the reference plugin lists its
 * file templates before the saved ones), then the saved templates in menu order, paged together.
 * Gallery templates never change within a build, so a `modified_after` sync leaves them out.
 */
export function listTemplates(
  templates: TemplatesRepository,
  settings: SettingsRepository,
  query: TemplateListQuery,
  timezone: string,
): { items: TemplateItem[]; total: number } {
  const options: ShapeOptions = { context: query.context, timezone, active: activeIds(templates, settings) };
  const gallery =
    query.modified_after === undefined
      ? GALLERY_TEMPLATES.map((template, position) => ({ template, position })).filter(({ template }) => galleryMatches(template, query))
      : [];
  const filter = { type: query.type, category: query.category, search: query.search, modifiedAfter: query.modified_after };
  const all = query.per_page === -1;
  const offset = all ? 0 : (query.page - 1) * query.per_page;
  const galleryPage = all ? gallery : gallery.slice(offset, offset + query.per_page);
  const databaseLimit = all ? -1 : query.per_page - galleryPage.length;
  const { templates: saved, total } = templates.list({ ...filter, limit: databaseLimit, offset: Math.max(0, offset - gallery.length) });
  return {
    items: [
      ...galleryPage.map(({ template, position }) => galleryItem(template, position, options)),
      ...saved.map((template) => databaseItem(template, options)),
    ],
    total: gallery.length + total,
  };
}
