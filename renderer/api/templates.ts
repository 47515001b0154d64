/** Receipt templates (`/templates`): the saved and bundled ones, and a preview the server renders. */
import type { ApiClient } from '../api-client.js';

/** The fields of `GET /templates` the templates screen reads (server/domain/templates/catalogue.ts shapes them). */
export interface TemplateSummary {
  /** A saved template's number, or a bundled one's gallery key. */
  id: number | string;
  title: string;
  description: string;
  engine: string;
  output_type: string;
  paper_width: string | null;
  is_active: boolean;
  is_virtual: boolean;
}

export function receiptTemplates(client: ApiClient): Promise<TemplateSummary[]> {
  return client.get<TemplateSummary[]>('/templates', { type: 'receipt' });
}

/** The template rendered with a sample receipt, as HTML. */
export function previewHtml(client: ApiClient, id: number | string): Promise<string> {
  return client.get<string>(`/templates/${encodeURIComponent(String(id))}/preview`, {}, { responseType: 'text', headers: { Accept: 'text/html' } });
}
