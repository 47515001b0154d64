import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { TemplatesRepository } from '../../data/repositories/templates.js';
import { receiptHtml } from '../receipts/html.js';
import type { ReceiptData } from '../receipts/schema.js';
import { activeTemplate, listTemplates, type TemplateListQuery, type TemplateType } from './catalogue.js';

/** What TemplateService is built from (server/composition.ts builds each once). */
export interface TemplateServiceParts {
  templates: TemplatesRepository;
  settings: SettingsRepository;
  stores: StoresRepository;
}

/** Receipt and report templates: the saved ones with the gallery, the active one of each type, and receipts rendered with them. */
export class TemplateService {
  private readonly templates: TemplatesRepository;
  private readonly settings: SettingsRepository;
  private readonly stores: StoresRepository;

  constructor(parts: TemplateServiceParts) {
    this.templates = parts.templates;
    this.settings = parts.settings;
    this.stores = parts.stores;
  }

  /** Dates are shown in the default store's time zone. */
  list(query: TemplateListQuery): ReturnType<typeof listTemplates> {
    return listTemplates(this.templates, this.settings, query, this.stores.defaultStore().timezone);
  }

  active(type: TemplateType, context: 'view' | 'edit'): ReturnType<typeof activeTemplate> {
    return activeTemplate(this.templates, this.settings, type, context, this.stores.defaultStore().timezone);
  }

  /** A receipt as an HTML page, with the active receipt template or the one `templateId` names (a stored id or a gallery key). */
  receiptHtml(data: ReceiptData, templateId?: number | string): string {
    return receiptHtml(data, this.templates, this.settings, templateId);
  }
}
