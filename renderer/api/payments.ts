/** Payment gateways: the tenders the till offers (`/payment-gateways`) and their settings (`/settings/payment-gateways`). */
import type { ApiClient } from '../api-client.js';

export function gateways(client: ApiClient) {
  return client.call('GET /payment-gateways');
}

export function settings(client: ApiClient) {
  return client.call('GET /settings/payment-gateways');
}

export function saveSettings(client: ApiClient, patch: Record<string, unknown>) {
  return client.call('POST /settings/payment-gateways', { body: patch });
}
