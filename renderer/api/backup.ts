/** A backup of the database (`GET /backup`), downloaded as a file. */
import type { ApiClient } from '../api-client.js';

export function download(client: ApiClient): Promise<Blob> {
  return client.get<Blob>('/backup', {}, { responseType: 'blob', headers: { Accept: 'application/octet-stream, application/vnd.sqlite3, application/json' } });
}
