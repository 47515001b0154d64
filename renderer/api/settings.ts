/**
 * Settings (`/settings`, `/settings/{group}`). A group's settings are described from the server's
 * answer (the managers' forms list what they find), so a group is a record of values.
 */
import type { SettingsGroupName, SettingsGroupValues } from '../../shared/resources/settings.js';
import type { ApiClient } from '../api-client.js';

export type { AllSettings, SettingsGroupName } from '../../shared/resources/settings.js';
export type SettingsGroup = SettingsGroupValues;

export function all(client: ApiClient) {
  return client.call('GET /settings');
}

export function group(client: ApiClient, name: SettingsGroupName) {
  return client.call(`GET /settings/${name}`);
}

export function saveGroup(client: ApiClient, name: SettingsGroupName, patch: SettingsGroup) {
  return client.call(`POST /settings/${name}`, { body: patch });
}

/** The receipt template that prints (`settings/templates`). */
export function chooseReceiptTemplate(client: ApiClient, templateId: number | string) {
  return client.call('POST /settings/templates', { body: { active_receipt: templateId } });
}
