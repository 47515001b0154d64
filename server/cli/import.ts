import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices } from '../composition.js';
import { defaultServeOptions } from '../config.js';
import { readCsv, UnusableFileError, type CsvTable } from '../domain/import/csv.js';
import { STOCK_MODES } from '../domain/import/product-writer.js';
import { ProgressReporter } from '../domain/import/progress.js';
import type { ImportReport } from '../domain/import/report.js';
import { ImportStoppedError, UndoPendingError } from '../domain/import/steps.js';
import { openDataDirDatabase } from '../start.js';
import type { CliIo } from './args.js';

/** Exit codes of `tillbase import`: 0 imported (some rows may be rejected), 1 nothing imported, 2 unusable file or flags. */
const EXIT_IMPORTED = 0;
const EXIT_NOTHING_IMPORTED = 1;
const EXIT_UNUSABLE = 2;

const KINDS = ['products', 'taxes'] as const;
type ImportKind = (typeof KINDS)[number];

async function readBytes(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UnusableFileError(`cannot read it: ${reason}`);
  }
}

function summaryOf(kind: ImportKind, file: string, report: ImportReport): string {
  const counts = [
    `${report.created} created`,
    ...(kind === 'products' ? [`${report.updated} updated`] : []),
    `${report.unchanged} unchanged`,
    `${report.rejected.length} rejected`,
  ];
  const imported = report.created + report.updated + report.unchanged > 0;
  return imported ? `imported ${file}: ${counts.join(', ')}` : `nothing imported from ${file}: every row was rejected (${report.rejected.length})`;
}

/**
 * `tillbase import products FILE.csv [--stock set|add]` and `tillbase import taxes FILE.csv`: a WooCommerce CSV export
 * into the data directory's database, all or nothing, beside a running server. Shows progress on
 * standard error; prints a summary, what was created besides the rows' items, and one line per
 * rejected row. An import left unfinished by a crash is undone first.
 */
export async function importCommand(args: string[], io: CliIo): Promise<number> {
  const usage = (message: string): number => {
    io.stderr.write(`tillbase: ${message} (see tillbase --help)\n`);
    return EXIT_UNUSABLE;
  };
  const [kind, ...rest] = args;
  if (kind === undefined || kind.startsWith('-')) return usage('import needs what to import: import products FILE.csv or import taxes FILE.csv');
  if (!KINDS.includes(kind as ImportKind)) return usage(`unknown import "${kind}" (products, taxes)`);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { 'data-dir': { type: 'string' }, stock: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const [path, ...extra] = parsed.positionals;
  if (path === undefined || extra.length > 0) return usage(`import ${kind as ImportKind} takes one CSV file`);
  const stockOption = parsed.values.stock ?? 'set';
  const stock = STOCK_MODES.find((mode) => mode === stockOption);
  if (stock === undefined) return usage(`--stock must be set or add, not "${stockOption}"`);
  if (kind !== 'products' && parsed.values.stock !== undefined) return usage('--stock is for import products');
  const file = basename(path);

  const refuse = (message: string): number => {
    io.stderr.write(`tillbase: cannot import ${file}: ${message}\n`);
    return EXIT_UNUSABLE;
  };
  let table: CsvTable;
  try {
    table = readCsv(await readBytes(path));
  } catch (error) {
    if (error instanceof UnusableFileError) return refuse(error.message);
    throw error;
  }

  const db = openDataDirDatabase(parsed.values['data-dir'] ?? defaultServeOptions({ ...io.env, TILLBASE_PORT: undefined }).dataDir);
  // Ctrl-C or SIGTERM while writing stops between two steps and undoes what was written.
  let stopRequested = false;
  const stop = (): void => {
    stopRequested = true;
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const progress = new ProgressReporter(io.stderr, file);
  let report: ImportReport;
  try {
    const services = createServices(db);
    for (const run of services.undoAbandonedImports())
      io.stderr.write(`tillbase: undid the unfinished import of ${run.file} (started by process ${run.pid})\n`);
    report =
      kind === 'products'
        ? await services.productImporter().run(table, {
            file,
            stock,
            onProgress: (state) => {
              progress.update(state);
            },
            stopRequested: () => stopRequested,
          })
        : services.taxRateImporter().run(table);
  } catch (error) {
    progress.finish();
    if (error instanceof UnusableFileError) return refuse(error.message);
    if (error instanceof ImportStoppedError) io.stderr.write(`tillbase: importing ${file} was stopped and nothing was changed\n`);
    else if (error instanceof UndoPendingError) io.stderr.write(`tillbase: importing ${file} failed: ${error.message}\n`);
    else io.stderr.write(`tillbase: importing ${file} failed and nothing was changed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_NOTHING_IMPORTED;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    db.close();
  }
  progress.finish();

  io.stdout.write(`${summaryOf(kind as ImportKind, file, report)}\n`);
  for (const note of report.notes) io.stdout.write(`${note}\n`);
  for (const rejected of report.rejected) io.stdout.write(`line ${rejected.line}: ${rejected.reason}\n`);
  return report.created + report.updated + report.unchanged > 0 ? EXIT_IMPORTED : EXIT_NOTHING_IMPORTED;
}
