/** Receipts and Z reports as the server renders them with the active template (HTML to show and print). */
import type { ApiClient } from '../api-client.js';

export function orderReceiptHtml(client: ApiClient, orderId: number): Promise<string> {
  return client.get<string>(`/receipts/${orderId}`, { format: 'html' }, { responseType: 'text' });
}

export function closureHtml(client: ApiClient, closureId: number): Promise<string> {
  return client.get<string>(`/closures/${closureId}`, { format: 'html' }, { responseType: 'text' });
}
