/** Receipt templates (`/templates`): the saved and bundled ones, and a preview the server renders. */
import type { TemplateItem } from '../../shared/resources/templates.js';
import type { ApiClient } from '../api-client.js';

export function receiptTemplates(client: ApiClient): Promise<TemplateItem[]> {
  return client.get<TemplateItem[]>('/templates', { type: 'receipt' });
}

/** The template rendered with a sample receipt, as HTML. */
export function previewHtml(client: ApiClient, id: number | string): Promise<string> {
  return client.get<string>(`/templates/${encodeURIComponent(String(id))}/preview`, {}, { responseType: 'text', headers: { Accept: 'text/html' } });
}
