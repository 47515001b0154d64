/** Users (`/users`) and roles (`/roles`) as a manager sees them: never a password or PIN. */
import type { ApiClient } from '../api-client.js';

export function list(client: ApiClient) {
  return client.call('GET /users', { query: { per_page: 100 } });
}

export function create(client: ApiClient, body: Record<string, unknown>) {
  return client.call('POST /users', { body });
}

export function update(client: ApiClient, id: number, patch: Record<string, unknown>) {
  return client.call('PATCH /users/{id}', { params: { id }, body: patch });
}

export function roles(client: ApiClient) {
  return client.call('GET /roles');
}

export function updateRole(client: ApiClient, name: string, capabilities: readonly string[]) {
  return client.call('PATCH /roles/{role}', { params: { role: name }, body: { capabilities } });
}
