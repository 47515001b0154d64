/** Receipt templates (`/templates`): the saved and bundled ones, and a preview the server renders. */
import type { ApiClient } from '../api-client.js';

export function receiptTemplates(client: ApiClient) {
  return client.call('GET /templates', { query: { type: 'receipt' } });
}

/** The template rendered with a sample receipt, as HTML. */
export function previewHtml(client: ApiClient, id: number | string) {
  return client.call('GET /templates/{id}/preview', { params: { id }, responseType: 'text', headers: { Accept: 'text/html' } });
}
