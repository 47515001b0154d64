/** Product imports: the CSV goes up as it is (`POST /imports/products`), then `GET /imports/{id}` until it is done. */
import type { ImportJobView } from '../../shared/resources/imports.js';
import { RawBody, type ApiClient } from '../api-client.js';

/** Answered 202 with the job as it starts. */
export function startProducts(client: ApiClient, file: File, options: { dryRun: boolean }): Promise<ImportJobView> {
  const query = new URLSearchParams({ file_name: file.name });
  if (options.dryRun) query.set('dry_run', 'true');
  return client.request<ImportJobView>('POST', `/imports/products?${query.toString()}`, new RawBody('text/csv', file));
}

export function get(client: ApiClient, id: number): Promise<ImportJobView> {
  return client.get<ImportJobView>(`/imports/${id}`);
}
