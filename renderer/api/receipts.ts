/** Receipts and Z reports as the server renders them with the active template (HTML to show and print). */
import type { ApiClient } from '../api-client.js';

/** The gallery's receipt without prices or payment, for a present. */
export const GIFT_RECEIPT_TEMPLATE = 'gift-receipt';

/** A sale's receipt with the active template, or with `templateId` (a gallery key or a stored id). */
export function orderReceiptHtml(client: ApiClient, orderId: number, templateId?: string) {
  return client.call('GET /receipts/{order_id}', { params: { order_id: orderId }, query: { format: 'html', template_id: templateId }, responseType: 'text' });
}

export function closureHtml(client: ApiClient, closureId: number) {
  return client.call('GET /closures/{id}', { params: { id: closureId }, query: { format: 'html' }, responseType: 'text' });
}
