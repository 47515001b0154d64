/** Stores (`/stores`): the till's price format, and the managers' store editor with who may sell in each. */
import type { StoreResource, StoreUsers } from '../../shared/resources/stores.js';
import type { ApiClient } from '../api-client.js';

export function list(client: ApiClient, query: { per_page?: number } = {}): Promise<StoreResource[]> {
  return client.get<StoreResource[]>('/stores', query);
}

/** Every store's id and name only (`_fields`), for a choice of store. */
export function names(client: ApiClient): Promise<Array<Pick<StoreResource, 'id' | 'name'>>> {
  return client.get<Array<Pick<StoreResource, 'id' | 'name'>>>('/stores', { per_page: 100, _fields: 'id,name' });
}

/** The stored values (`edit` context): the tax address as saved, not as resolved. */
export function forEditing(client: ApiClient, id: number): Promise<StoreResource> {
  return client.get<StoreResource>(`/stores/${id}/edit`);
}

export function create(client: ApiClient, body: { name: string }): Promise<StoreResource> {
  return client.request<StoreResource>('POST', '/stores', body);
}

export function update(client: ApiClient, id: number, patch: Record<string, unknown>): Promise<StoreResource> {
  return client.request<StoreResource>('PATCH', `/stores/${id}`, patch);
}

export function users(client: ApiClient, id: number): Promise<StoreUsers> {
  return client.get<StoreUsers>(`/stores/${id}/users`);
}

export function setUsers(client: ApiClient, id: number, userIds: readonly number[]): Promise<StoreUsers> {
  return client.request<StoreUsers>('PUT', `/stores/${id}/users`, { user_ids: userIds });
}
