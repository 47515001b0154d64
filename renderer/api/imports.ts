/** Product imports: the CSV goes up as it is (`POST /imports/products`), then `GET /imports/{id}` until it is done. */
import type { ImportJobView } from '../../shared/resources/imports.js';
import { RawBody, type ApiClient } from '../api-client.js';

/** What each row's Stock does: `set` the product's stock, or `add` to it as a delivery received. */
export type StockMode = ImportJobView['stock'];

/** Answered 202 with the job as it starts. */
export function startProducts(client: ApiClient, file: File, options: { dryRun: boolean; stock: StockMode }): Promise<ImportJobView> {
  const query = new URLSearchParams({ file_name: file.name, stock: options.stock });
  if (options.dryRun) query.set('dry_run', 'true');
  return client.request<ImportJobView>('POST', `/imports/products?${query.toString()}`, new RawBody('text/csv', file));
}

export function get(client: ApiClient, id: number): Promise<ImportJobView> {
  return client.get<ImportJobView>(`/imports/${id}`);
}
