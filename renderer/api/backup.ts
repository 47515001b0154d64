/** A backup of the database (`GET /backup`), downloaded as a file. */
import type { ApiClient } from '../api-client.js';

export function download(client: ApiClient) {
  return client.call('GET /backup', { responseType: 'blob', headers: { Accept: 'application/octet-stream, application/vnd.sqlite3, application/json' } });
}
