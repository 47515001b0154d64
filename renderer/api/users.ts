/** Users (`/users`) and roles (`/roles`) as a manager sees them: never a password or PIN. */
import type { ManagedRole, ManagedUser } from '../../shared/api.js';
import type { ApiClient } from '../api-client.js';

export function list(client: ApiClient): Promise<ManagedUser[]> {
  return client.get<ManagedUser[]>('/users', { per_page: 100 });
}

export function create(client: ApiClient, body: Record<string, unknown>): Promise<ManagedUser> {
  return client.request<ManagedUser>('POST', '/users', body);
}

export function update(client: ApiClient, id: number, patch: Record<string, unknown>): Promise<ManagedUser> {
  return client.request<ManagedUser>('PATCH', `/users/${id}`, patch);
}

export function roles(client: ApiClient): Promise<ManagedRole[]> {
  return client.get<ManagedRole[]>('/roles');
}

export function updateRole(client: ApiClient, name: string, capabilities: readonly string[]): Promise<ManagedRole> {
  return client.request<ManagedRole>('PATCH', `/roles/${encodeURIComponent(name)}`, { capabilities });
}
