import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { TemplatesRepository } from '../../data/repositories/templates.js';
import { badRequest } from '../errors.js';
import { receiptTemplate } from '../templates/catalogue.js';
import { escapeHtml, renderTemplate } from '../templates/render.js';
import type { ReceiptData } from './schema.js';

/** The engine this server renders; templates for other engines are printed by the clients that know them. */
const RENDERED_ENGINE = 'logicless';

/** Templates may be whole documents already; those are sent as they render. */
const WHOLE_DOCUMENT = /^\s*(?:<!doctype\s|<html[\s>])/i;

/** Paper sizes CSS names; other widths (roll paper) get no page size, only no margins. */
const NAMED_PAGE_SIZES: ReadonlySet<string> = new Set(['a3', 'a4', 'a5', 'b4', 'b5', 'letter', 'legal', 'ledger']);

function pageStyle(paperWidth: string | null): string {
  const size = paperWidth !== null && NAMED_PAGE_SIZES.has(paperWidth.toLowerCase()) ? ` size: ${paperWidth};` : '';
  return `@page {${size} margin: 0; }\n    body { margin: 0; background: #fff; }`;
}

function htmlDocument(body: string, data: ReceiptData, paperWidth: string | null): string {
  if (WHOLE_DOCUMENT.test(body)) return body;
  const title = `${data.i18n.receipt} #${data.order.number} - ${data.store.name}`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(data.presentation_hints.locale.replace('_', '-'))}">`,
    '<head>',
    '  <meta charset="utf-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1">',
    `  <title>${escapeHtml(title)}</title>`,
    `  <style>\n    ${pageStyle(paperWidth)}\n  </style>`,
    '</head>',
    '<body>',
    body.trim(),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * A receipt as a complete HTML document, rendered with a receipt template: the one named by
 * `templateId` (a stored id or a gallery key), else the active one.
 */
export function receiptHtml(data: ReceiptData, templates: TemplatesRepository, settings: SettingsRepository, templateId?: number | string): string {
  const template = receiptTemplate(templates, settings, templateId);
  if (template.output_type !== 'html' || template.engine !== RENDERED_ENGINE) {
    throw badRequest(
      'pos_template_unsupported',
      `Template ${String(template.id)} ("${template.title}") is a ${template.engine} template with ${template.output_type} output; the server renders ${RENDERED_ENGINE} templates with html output only.`,
      { template_id: template.id, engine: template.engine, output_type: template.output_type },
    );
  }
  return htmlDocument(renderTemplate(template.content, data), data, template.paper_width);
}
