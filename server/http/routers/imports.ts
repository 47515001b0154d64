import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../domain/errors.js';
import { STOCK_MODES } from '../../domain/import/product-writer.js';
import { apiBase, sendAll, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams, queryBoolean } from '../validation.js';

/** A WooCommerce export of a large catalogue (100,000 rows with descriptions) stays under this. */
const CSV_LIMIT_MIB = 50;

/**
 * What a CSV upload is sent as: `text/csv`, and what browsers and spreadsheet programs label such a
 * file with (Windows browsers say `application/vnd.ms-excel`).
 */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

export const importProductsQuery = z.object({
  /** Reads and checks every row, writes nothing. */
  dry_run: queryBoolean.default(false),
  /** `set` (as WooCommerce's importer) makes each row's Stock the product's stock; `add` adds it, as stock received. */
  stock: z.enum(STOCK_MODES, { error: 'must be set or add' }).default('set'),
  /** The file's name, for the import's list and the stock ledger's reference. */
  file_name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
});

const readCsv: RequestHandler = express.raw({ type: () => true, limit: `${CSV_LIMIT_MIB}mb` });

/**
 * The raw CSV body, up to 50 MiB (the API's 1 MiB limit is for JSON and forms). Refuses other
 * content types with 415 and a missing body with 400.
 */
const csvBody: RequestHandler = (req, res, next) => {
  if (!CSV_TYPES.some((type) => req.is(type) === type)) {
    next(new ApiError(415, 'rest_unsupported_media_type', `Send the CSV file as the request body with Content-Type: text/csv.`, { accepted: CSV_TYPES }));
    return;
  }
  readCsv(req, res, (error?: unknown) => {
    if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
      next(new ApiError(413, 'rest_request_too_large', `The CSV file is larger than ${CSV_LIMIT_MIB} MiB.`, { limit_mib: CSV_LIMIT_MIB }));
      return;
    }
    if (error !== undefined && error !== null) {
      next(error);
      return;
    }
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
      next(badRequest('pos_import_unusable_file', 'The request body is empty: send the CSV file as the body.'));
      return;
    }
    next();
  });
};

/**
 * Product imports over HTTP (`manage_products`): `POST /imports/products` starts one in the
 * background and answers 202; `GET /imports/{id}` follows it; `GET /imports` lists the recent ones.
 */
export function createImportsRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const jobs = services.imports;

  routes.post('/imports/products', { query: importProductsQuery, rawBody: { mediaType: 'text/csv', read: csvBody } }, (req, res, { query }) => {
    const bytes = req.body as Buffer;
    const started = jobs.startProducts({
      bytes,
      dryRun: query.dry_run,
      stock: query.stock,
      userId: principalOf(res).user.id,
      file: query.file_name ?? 'upload.csv',
    });
    res.status(202).setHeader('Location', `${apiBase(req)}/imports/${started.id}`);
    res.json(started);
  });

  routes.get('/imports', (req, res) => {
    sendAll(req, res, jobs.list());
  });

  routes.get('/imports/{id}', { params: idParams }, (req, res, { params }) => {
    const job = jobs.find(params.id);
    if (!job) throw notFound('import');
    sendItem(req, res, job);
  });

  return routes.router;
}
