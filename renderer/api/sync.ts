/** The sync with the shop's WooCommerce (`/sync/*`): the status bar, the history's badges, and the managers' Sync screen. */
import type { OrderSyncView, SyncVerifyView } from '../../shared/resources/sync-screens.js';
import type { OutboxEntryView, SyncOutboxState, SyncStatusView } from '../../shared/resources/sync.js';
import type { ApiClient } from '../api-client.js';

/** What `PUT /sync/connection` answers: the connection without its secret. */
export interface SyncConnectionAnswer {
  url: string;
  consumer_key: string;
  warnings: string[];
  first_pull: string;
}

export function status(client: ApiClient): Promise<SyncStatusView> {
  return client.get<SyncStatusView>('/sync/status');
}

/** The orders among `orderIds` that have anything on its way to WooCommerce (whoever reads orders). */
export function ofOrders(client: ApiClient, orderIds: readonly number[]): Promise<OrderSyncView[]> {
  return client.get<OrderSyncView[]>('/sync/orders', { include: orderIds.join(',') });
}

export function outbox(client: ApiClient, query: { state?: SyncOutboxState; page: number; per_page: number }): Promise<OutboxEntryView[]> {
  return client.get<OutboxEntryView[]>('/sync/outbox', query);
}

export function retry(client: ApiClient, id: number): Promise<OutboxEntryView> {
  return client.request<OutboxEntryView>('POST', `/sync/outbox/${id}/retry`, {});
}

export function markHandled(client: ApiClient, id: number): Promise<OutboxEntryView> {
  return client.request<OutboxEntryView>('POST', `/sync/outbox/${id}/handled`, {});
}

export function connect(client: ApiClient, body: { url: string; consumer_key: string; consumer_secret: string }): Promise<SyncConnectionAnswer> {
  return client.request<SyncConnectionAnswer>('PUT', '/sync/connection', body);
}

/** What `POST /sync/resume` answers: the connection, sending again, without its secret. */
export interface SyncResumeAnswer {
  url: string;
  consumer_key_ending: string;
  state: 'active' | 'paused';
}

/** Sending paused by a refused key: the server checks the saved key again (409 `pos_sync_*` with its reason while it is still refused). */
export function resume(client: ApiClient): Promise<SyncResumeAnswer> {
  return client.request<SyncResumeAnswer>('POST', '/sync/resume', {});
}

/** Refused (409 `pos_sync_unsent`) while anything is unsent, unless `force`: the answer then lists those entries, now marked handled. */
export function disconnect(client: ApiClient, force: boolean): Promise<{ connected: false; unsent: OutboxEntryView[] }> {
  return client.request<{ connected: false; unsent: OutboxEntryView[] }>('DELETE', force ? '/sync/connection?force=true' : '/sync/connection');
}

export function verify(client: ApiClient): Promise<SyncVerifyView> {
  return client.request<SyncVerifyView>('POST', '/sync/verify', {});
}
