import { setImmediate as nextTurn } from 'node:timers/promises';
import { badRequest, conflict } from '../errors.js';
import { mapColumns, requireColumns } from './columns.js';
import { readCsvHeader, readCsvInSlices, UnusableFileError } from './csv.js';
import { PRODUCT_COLUMNS, REQUIRED_PRODUCT_COLUMNS } from './product-row.js';
import type { StockMode } from './product-writer.js';
import type { ProductImporter } from './products.js';
import { UNGUARDED, type CatalogueGuard } from '../catalogue/managed-catalogue.js';
import type { ImportProgress } from './progress.js';
import type { ImportReport } from './report.js';
import { ImportStoppedError, UndoPendingError } from './steps.js';
import type { ImportError, ImportJobView, ImportPhase, ImportStatus } from '../../../shared/resources/imports.js';

/** The import as its HTTP caller follows it: the wire types in shared/. */
export type { ImportError, ImportJobView, ImportPhase, ImportStatus };

/** Finished imports kept for `GET /imports`, newest first; older ones are forgotten. */
const KEPT_JOBS = 20;
/** Problems listed per import: the progress is polled, and 50,000 of them would go with every answer. */
const LISTED_ERRORS = 1000;

export interface StartImport {
  bytes: Uint8Array;
  file: string;
  dryRun: boolean;
  /** What each row's Stock does: `set` it, or `add` it as stock received. */
  stock: StockMode;
  userId: number;
}

/** Where the imports report: their start and end, and the fault of a failed one (summarised by the logger, never the rows). */
export interface ImportJobsLog {
  info(fields: object, message: string): void;
  failed(fields: object, error: unknown): void;
}

/** An import's own connection to the database, and a new importer over it (one per file). */
export interface ImportConnection {
  productImporter(): ProductImporter;
  close(): void;
}

/** What ImportJobs is built from (server/composition.ts builds each once). */
export interface ImportJobsParts {
  openConnection: () => ImportConnection;
  log: ImportJobsLog;
  stopped: () => boolean;
  /** Refuses an import at once while WooCommerce masters the catalogue (catalogue/managed-catalogue.ts). */
  guard?: CatalogueGuard;
}

/**
 * Product imports run by the server in the background, one at a time, with the same importer as
 * `tillbase import products` on a connection of their own (the importer changes its connection's
 * busy timeout and sync mode while it writes, which the server's sales must not inherit). Reading
 * is cut into slices and writing paced in short steps (pacing.ts), so the tills keep selling.
 * The imports are known only to this process: after a restart the list is empty, and an import
 * that was running is undone by the journal at the next start (journal.ts).
 */
export class ImportJobs {
  private readonly jobs: ImportJobView[] = [];
  private nextId = 1;
  private running: Promise<void> | undefined;

  private readonly openConnection: () => ImportConnection;
  private readonly log: ImportJobsLog;
  private readonly stopped: () => boolean;
  private readonly guard: CatalogueGuard;

  /**
   * `stopped` turns true when the server stops: a running import then stops between two slices or
   * steps and undoes what it wrote, as `tillbase import` does on Ctrl-C.
   */
  constructor(parts: ImportJobsParts) {
    this.openConnection = parts.openConnection;
    this.log = parts.log;
    this.stopped = parts.stopped;
    this.guard = parts.guard ?? UNGUARDED;
  }

  /**
   * Starts importing a product CSV and answers at once. A file that is not a product export (not
   * UTF-8, no header, required columns missing) is refused here with 400, before anything starts.
   */
  startProducts(request: StartImport): ImportJobView {
    this.guard();
    const current = this.jobs.find((job) => job.status === 'running');
    if (current)
      throw conflict('pos_import_running', `Import ${current.id} (${current.file}) is still running; one import runs at a time.`, { import_id: current.id });
    try {
      const header = readCsvHeader(request.bytes);
      requireColumns(header, mapColumns(header, PRODUCT_COLUMNS), PRODUCT_COLUMNS, REQUIRED_PRODUCT_COLUMNS, 'a WooCommerce product export');
    } catch (error) {
      if (error instanceof UnusableFileError)
        throw badRequest('pos_import_unusable_file', `The file cannot be imported: ${error.message}.`, { file: request.file });
      throw error;
    }
    const job: ImportJobView = {
      id: this.nextId++,
      kind: 'products',
      file: request.file,
      dry_run: request.dryRun,
      stock: request.stock,
      status: 'running',
      phase: 'reading',
      processed: 0,
      total: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
      errors: [],
      errors_truncated: false,
      notes: [],
      user_id: request.userId,
      started_at: new Date().toISOString(),
      finished_at: null,
    };
    this.jobs.unshift(job);
    this.jobs.splice(KEPT_JOBS);
    this.log.info({ import_id: job.id, file: job.file, dry_run: job.dry_run, user_id: job.user_id }, 'product import started');
    this.running = this.run(job, request.bytes).finally(() => {
      this.running = undefined;
    });
    return { ...job };
  }

  list(): ImportJobView[] {
    return this.jobs.map((job) => ({ ...job }));
  }

  find(id: number): ImportJobView | undefined {
    const job = this.jobs.find((candidate) => candidate.id === id);
    return job && { ...job };
  }

  /** Resolves when no import is running (for an orderly shutdown, and tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async run(job: ImportJobView, bytes: Uint8Array): Promise<void> {
    let connection: ImportConnection | undefined;
    // Between slices of reading, the thread goes back to the server for one turn of its event loop.
    const giveWay = async (): Promise<void> => {
      if (this.stopped()) throw new ImportStoppedError();
      await nextTurn();
    };
    try {
      const table = await readCsvInSlices(bytes, giveWay);
      job.total = table.records.length;
      connection = this.openConnection();
      const report = await connection.productImporter().run(table, {
        file: job.file,
        dryRun: job.dry_run,
        stock: job.stock,
        pause: giveWay,
        stopRequested: this.stopped,
        onProgress: (progress) => {
          this.follow(job, progress);
        },
      });
      this.finish(job, report);
    } catch (error) {
      this.fail(job, error);
    } finally {
      connection?.close();
    }
  }

  private follow(job: ImportJobView, progress: ImportProgress): void {
    job.total = progress.rows;
    job.failed = progress.rejected;
    if (progress.toWrite === undefined || job.dry_run) {
      job.phase = 'reading';
      job.processed = job.dry_run ? progress.read : progress.rejected;
      return;
    }
    job.phase = 'writing';
    job.processed = progress.rejected + progress.written;
    if (progress.counts) {
      job.created = progress.counts.created;
      job.updated = progress.counts.updated;
      job.skipped = progress.counts.unchanged;
    }
  }

  private finish(job: ImportJobView, report: ImportReport): void {
    const accepted = report.created + report.updated + report.unchanged;
    // One error per problem: a row refused for two cells is listed twice, each time with its column.
    const errors: ImportError[] = report.rejected.flatMap((rejected) =>
      rejected.problems.map((problem) =>
        problem.column === undefined
          ? { row: rejected.line, message: problem.reason }
          : { row: rejected.line, column: problem.column, message: problem.reason },
      ),
    );
    Object.assign(job, {
      status: 'done',
      phase: 'finished',
      processed: accepted + report.rejected.length,
      created: report.created,
      updated: report.updated,
      skipped: report.unchanged,
      failed: report.rejected.length,
      errors: errors.slice(0, LISTED_ERRORS),
      errors_truncated: errors.length > LISTED_ERRORS,
      notes: report.notes,
      finished_at: new Date().toISOString(),
    } satisfies Partial<ImportJobView>);
    this.log.info(
      { import_id: job.id, file: job.file, dry_run: job.dry_run, created: job.created, updated: job.updated, unchanged: job.skipped, rejected: job.failed },
      'product import finished',
    );
  }

  /** The import failed as a whole: what it had written is undone (or will be at the next start), so no row counts as imported. */
  private fail(job: ImportJobView, error: unknown): void {
    const message =
      error instanceof UnusableFileError
        ? `The file cannot be imported: ${error.message}; nothing was changed.`
        : error instanceof ImportStoppedError
          ? 'The server stopped while importing; nothing was changed.'
          : error instanceof UndoPendingError
            ? 'The import failed, and so did undoing what it had written: the server undoes it at its next start.'
            : 'The import failed and nothing was changed; the details are in the server log.';
    Object.assign(job, {
      status: 'failed',
      phase: 'finished',
      created: 0,
      updated: 0,
      skipped: 0,
      errors: [{ row: 0, message }],
      errors_truncated: false,
      finished_at: new Date().toISOString(),
    } satisfies Partial<ImportJobView>);
    this.log.failed({ import_id: job.id, file: job.file }, error);
  }
}
