/** Stores (`/stores`): the till's price format, and the managers' store editor with who may sell in each. */
import type { StoreResource } from '../../shared/resources/stores.js';
import type { ApiClient } from '../api-client.js';

export function list(client: ApiClient, query: { per_page?: number } = {}) {
  return client.call('GET /stores', { query });
}

/** Every store's id and name only (`_fields`), for a choice of store. */
export function names(client: ApiClient): Promise<Array<Pick<StoreResource, 'id' | 'name'>>> {
  return client.call('GET /stores', { query: { per_page: 100, _fields: 'id,name' } });
}

/** The stored values (`edit` context): the tax address as saved, not as resolved. */
export function forEditing(client: ApiClient, id: number) {
  return client.call('GET /stores/{id}/edit', { params: { id } });
}

export function create(client: ApiClient, body: { name: string }) {
  return client.call('POST /stores', { body });
}

export function update(client: ApiClient, id: number, patch: Record<string, unknown>) {
  return client.call('PATCH /stores/{id}', { params: { id }, body: patch });
}

export function users(client: ApiClient, id: number) {
  return client.call('GET /stores/{id}/users', { params: { id } });
}

export function setUsers(client: ApiClient, id: number, userIds: readonly number[]) {
  return client.call('PUT /stores/{id}/users', { params: { id }, body: { user_ids: userIds } });
}
