/** A product import over HTTP (`POST /imports/products`, `GET /imports/{id}`): the server's ImportJobView (server/domain/import/jobs.ts). */

/** A refused row, or (`row` 0) the file or the import as a whole. */
export interface ImportError {
  row: number;
  column?: string;
  message: string;
}

/** `reading`: the rows are parsed and checked; `writing`: the accepted ones are written in steps. */
export type ImportPhase = 'reading' | 'writing' | 'finished';

export type ImportStatus = 'running' | 'done' | 'failed';

/** `GET /imports/{id}`: an import over HTTP as its caller follows it. */
export interface ImportJobView {
  id: number;
  kind: 'products';
  file: string;
  dry_run: boolean;
  /** What each row's Stock did: `set` the product's stock, or `add` to it as stock received. */
  stock: 'set' | 'add';
  status: ImportStatus;
  phase: ImportPhase;
  /** Rows whose outcome is settled: refused, or written (in a dry run: read and checked). */
  processed: number;
  total: number;
  created: number;
  updated: number;
  /** Rows already as the file says (nothing to write). */
  skipped: number;
  failed: number;
  errors: ImportError[];
  /** More problems than `errors` lists (`failed` counts the refused rows). */
  errors_truncated: boolean;
  /** What the import created besides the rows' own products: categories, tags, brands. */
  notes: string[];
  user_id: number;
  started_at: string;
  finished_at: string | null;
}
