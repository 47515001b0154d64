/** The sync with the shop's WooCommerce (`/sync/*`): the status bar, the history's badges, and the managers' Sync screen. */
import type { SyncOutboxState } from '../../shared/resources/sync.js';
import type { ApiClient } from '../api-client.js';

export function status(client: ApiClient) {
  return client.call('GET /sync/status');
}

/** The orders among `orderIds` that have anything on its way to WooCommerce (whoever reads orders). */
export function ofOrders(client: ApiClient, orderIds: readonly number[]) {
  return client.call('GET /sync/orders', { query: { include: orderIds.join(',') } });
}

export function outbox(client: ApiClient, query: { state?: SyncOutboxState; page: number; per_page: number }) {
  return client.call('GET /sync/outbox', { query });
}

export function retry(client: ApiClient, id: number) {
  return client.call('POST /sync/outbox/{id}/retry', { params: { id }, body: {} });
}

export function markHandled(client: ApiClient, id: number) {
  return client.call('POST /sync/outbox/{id}/handled', { params: { id }, body: {} });
}

/** What `PUT /sync/connection` answers: the connection without its secret (only the end of the key), and the check's warnings. */
export function connect(client: ApiClient, body: { url: string; consumer_key: string; consumer_secret: string }) {
  return client.call('PUT /sync/connection', { body });
}

/** Sending paused by a refused key: the server checks the saved key again (409 `pos_sync_*` with its reason while it is still refused). */
export function resume(client: ApiClient) {
  return client.call('POST /sync/resume', { body: {} });
}

/** Refused (409 `pos_sync_unsent`) while anything is unsent, unless `force`: the answer then lists those entries, now marked handled. */
export function disconnect(client: ApiClient, force: boolean) {
  return client.call('DELETE /sync/connection', { query: { force: force ? true : undefined } });
}

export function verify(client: ApiClient) {
  return client.call('POST /sync/verify', { body: {} });
}
