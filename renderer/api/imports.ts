/** Product imports: the CSV goes up as it is (`POST /imports/products`), then `GET /imports/{id}` until it is done. */
import type { ImportJobView } from '../../shared/resources/imports.js';
import { RawBody, type ApiClient } from '../api-client.js';

/** What each row's Stock does: `set` the product's stock, or `add` to it as a delivery received. */
export type StockMode = ImportJobView['stock'];

/** Answered 202 with the job as it starts. */
export function startProducts(client: ApiClient, file: File, options: { dryRun: boolean; stock: StockMode }) {
  return client.call('POST /imports/products', {
    query: { file_name: file.name, stock: options.stock, dry_run: options.dryRun ? 'true' : undefined },
    body: new RawBody('text/csv', file),
  });
}

export function get(client: ApiClient, id: number) {
  return client.call('GET /imports/{id}', { params: { id } });
}
