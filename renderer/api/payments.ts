/** Payment gateways: the tenders the till offers (`/payment-gateways`) and their settings (`/settings/payment-gateways`). */
import type { GatewaySettings, PaymentGateway } from '../../shared/resources/payments.js';
import type { ApiClient } from '../api-client.js';

export function gateways(client: ApiClient): Promise<PaymentGateway[]> {
  return client.get<PaymentGateway[]>('/payment-gateways');
}

export function settings(client: ApiClient): Promise<GatewaySettings> {
  return client.get<GatewaySettings>('/settings/payment-gateways');
}

export function saveSettings(client: ApiClient, patch: Record<string, unknown>): Promise<GatewaySettings> {
  return client.request<GatewaySettings>('POST', '/settings/payment-gateways', patch);
}
