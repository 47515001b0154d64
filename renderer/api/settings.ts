/**
 * Settings (`/settings`, `/settings/{group}`). A group's settings are described from the server's
 * answer (the managers' forms list what they find), so a group is a record of values.
 */
import type { ApiClient } from '../api-client.js';

export type SettingsGroup = Record<string, unknown>;

/** `GET /settings`: every group by name. The till reads the values below; the rest stays unknown. */
export interface AllSettings {
  general?: { decimal_qty?: unknown; sell_private_products?: unknown };
  checkout?: { prevent_overselling?: unknown };
  payment_gateways?: { auto_print_receipt?: unknown };
  [group: string]: unknown;
}

export function all(client: ApiClient): Promise<AllSettings> {
  return client.get<AllSettings>('/settings');
}

export function group(client: ApiClient, name: string): Promise<SettingsGroup> {
  return client.get<SettingsGroup>(`/settings/${name}`);
}

export function saveGroup(client: ApiClient, name: string, patch: SettingsGroup): Promise<SettingsGroup> {
  return client.request<SettingsGroup>('POST', `/settings/${name}`, patch);
}

/** The receipt template that prints (`settings/templates`). */
export function chooseReceiptTemplate(client: ApiClient, templateId: number | string): Promise<SettingsGroup> {
  return client.request<SettingsGroup>('POST', '/settings/templates', { active_receipt: templateId });
}
