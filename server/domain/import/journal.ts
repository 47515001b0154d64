import { hostname } from 'node:os';
import type { Database } from '../../data/database.js';
import type { ImportJournalRepository, ImportRepository, ImportRun, UndoEntry } from '../../data/repositories/import.js';
import type { ProductWritesRepository } from '../../data/repositories/product-writes.js';
import type { SearchIndexRepository } from '../../data/repositories/search-index.js';
import type { StockLedgerRepository, StockEntry } from '../../data/repositories/stock-ledger.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { managedStockStatus } from '../../model/catalogue/stock.js';
import type { ProductChanges, Taxonomy } from '../../model/catalogue/types.js';
import { Decimal } from '../../model/money.js';
import type { Pacer } from './pacing.js';

/** What a `restore_product` entry keeps: the stored columns before the step, and the stock it wrote. */
interface PriorColumns {
  columns: Record<string, unknown>;
  stockWritten?: number | null;
}

interface PriorTerms {
  taxonomy: Taxonomy;
  termIds: number[];
}

/** Undo entries applied (or journal entries cleared) per transaction: a few milliseconds of writing. */
const UNDO_BATCH = 200;

/** What an import's journal writes and undoes with, over the import's own connection. */
export interface ImportJournalParts {
  runs: ImportJournalRepository;
  lookups: ImportRepository;
  writes: ProductWritesRepository;
  ledger: StockLedgerRepository;
  search: SearchIndexRepository;
}

/**
 * One import's journal while it writes: every step records how to undo itself, in the step's own
 * transaction, so that the journal and the catalogue never disagree. See migration 8.
 */
export class ImportJournal {
  private readonly runs: ImportJournalRepository;
  private readonly lookups: ImportRepository;
  private readonly writes: ProductWritesRepository;
  private seq = 0;

  private constructor(
    parts: ImportJournalParts,
    readonly runId: number,
  ) {
    this.runs = parts.runs;
    this.lookups = parts.lookups;
    this.writes = parts.writes;
  }

  /**
   * Opens a run (its own short transaction, which also runs `alsoWrite`): from here until `end`, a
   * crash is undone at the next start.
   */
  static start(db: Database, parts: ImportJournalParts, kind: string, file: string, alsoWrite: () => void = () => undefined): ImportJournal {
    const runId = writeTransaction(db, () => {
      alsoWrite();
      return parts.runs.startRun(kind, file, process.pid, hostname());
    });
    return new ImportJournal(parts, runId);
  }

  /** Inside a step: stamps the run as alive, and refuses to go on if another process has undone it meanwhile. */
  checkAlive(): void {
    if (!this.runs.touchRun(this.runId)) throw new Error('the import was stopped and undone by another process');
  }

  created(productId: number): void {
    this.runs.record(this.runId, ++this.seq, 'delete_product', productId, undefined);
  }

  createdTerm(termId: number): void {
    this.runs.record(this.runId, ++this.seq, 'delete_term', termId, undefined);
  }

  /** Writes fields of a product, recording first what they were. */
  updateProduct(id: number, changes: ProductChanges): void {
    const columns = this.writes.columnsOf(changes);
    const stored = this.lookups.storedColumns(id, columns);
    if (stored === undefined || columns.length === 0) return;
    const prior: PriorColumns = { columns: stored };
    this.writes.update(id, changes);
    if (columns.includes('stock_quantity')) prior.stockWritten = this.runs.stockOf(id)?.stock_quantity ?? null;
    this.runs.record(this.runId, ++this.seq, 'restore_product', id, prior);
  }

  /** Replaces a product's terms of one taxonomy, recording first what they were. */
  replaceTerms(productId: number, taxonomy: Taxonomy, termIds: readonly number[]): void {
    const prior: PriorTerms = { taxonomy, termIds: this.lookups.termIdsOf(productId, taxonomy) };
    this.writes.replaceTerms(productId, taxonomy, termIds);
    this.runs.record(this.runId, ++this.seq, 'restore_terms', productId, prior);
  }

  /** The commit point, in the last step's transaction: the import stays; false if it was undone by another process. */
  end(): boolean {
    return this.runs.endRun(this.runId);
  }
}

/** Applies one undo entry. A product's stock keeps what was sold or received since the import wrote it. */
function undo({ lookups, runs, writes }: ImportJournalParts, entry: UndoEntry): void {
  switch (entry.action) {
    case 'delete_product': {
      // A variable product's stock status follows its variations: it is worked out again without this one.
      const parentId = lookups.parentOfVariation(entry.target);
      lookups.deleteProduct(entry.target);
      if (parentId !== undefined) lookups.syncVariableStockStatus(parentId);
      return;
    }
    case 'delete_term':
      lookups.deleteTerm(entry.target);
      return;
    case 'restore_terms': {
      const prior = JSON.parse(entry.prior ?? '{}') as PriorTerms;
      writes.replaceTerms(entry.target, prior.taxonomy, prior.termIds);
      return;
    }
    case 'restore_product': {
      const prior = JSON.parse(entry.prior ?? '{}') as PriorColumns;
      const columns = { ...prior.columns };
      const now = runs.stockOf(entry.target);
      if (now === undefined) return;
      const before = columns.stock_quantity;
      if ('stock_quantity' in columns && typeof before === 'number' && typeof prior.stockWritten === 'number' && now.stock_quantity !== null) {
        columns.stock_quantity = new Decimal(before).plus(now.stock_quantity).minus(prior.stockWritten).toNumber();
      }
      const manageStock = 'manage_stock' in columns ? columns.manage_stock : now.manage_stock;
      const quantity = 'stock_quantity' in columns ? columns.stock_quantity : now.stock_quantity;
      const backorders = 'backorders' in columns ? String(columns.backorders) : now.backorders;
      if (manageStock === 1 && typeof quantity === 'number') columns.stock_status = managedStockStatus(quantity, backorders);
      writes.writeColumns(entry.target, columns);
      return;
    }
  }
}

/** Stock an undo puts back is recorded as part of the import, not as a correction nobody declared. */
const undoneStock = (file: string): StockEntry => ({ reason: 'import', reference: file, note: 'import undone' });

/**
 * Undoes a run, newest step first, in short transactions paced like the import's steps; each one
 * deletes the entries it applied, so an undo interrupted half-way resumes where it stopped. The run
 * row goes last.
 */
export async function undoRun(pacer: Pacer, parts: ImportJournalParts, runId: number, file: string): Promise<void> {
  while (!(await pacer.step(() => parts.ledger.recording(undoneStock(file), () => undoBatch(parts, runId))))) await pacer.pause();
}

function undoBatch(parts: ImportJournalParts, runId: number): boolean {
  const { runs } = parts;
  const entries = runs.newestUndo(runId, UNDO_BATCH);
  for (const entry of entries) undo(parts, entry);
  runs.deleteUndo(
    runId,
    entries.map((entry) => entry.seq),
  );
  if (entries.length < UNDO_BATCH) {
    runs.endRun(runId);
    return true;
  }
  return false;
}

/** Whether the process that wrote a run is still running on this machine. */
function isAlive(run: ImportRun): boolean {
  if (run.host !== hostname()) return true;
  if (run.pid === process.pid) return false;
  try {
    process.kill(run.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Undoes every import whose process is gone (a crash, a kill, a power cut) and clears the entries
 * of finished ones. Runs at every start of the server and of an import, before anything else writes
 * the catalogue; an import still running in another process is left alone. Returns the runs undone.
 */
export function undoAbandonedImports(db: Database, parts: ImportJournalParts): ImportRun[] {
  const { runs, ledger, search } = parts;
  const abandoned = runs.runs().filter((run) => !isAlive(run));
  for (const run of abandoned) {
    while (!writeTransaction(db, () => ledger.recording(undoneStock(run.file), () => undoBatch(parts, run.id))));
  }
  // An import turns the search index's merging off while it writes; one that died left it off.
  if (runs.runs().length === 0 && search.automerge() === 0)
    writeTransaction(db, () => {
      search.setAutomerge();
    });
  while (writeTransaction(db, () => runs.clearEndedUndo(UNDO_BATCH * 10)) > 0);
  return abandoned;
}

/** Clears a finished run's journal in short transactions (it no longer undoes anything). */
export async function clearEndedJournal(pacer: Pacer, runs: ImportJournalRepository): Promise<void> {
  await pacer.repeat(() => runs.clearEndedUndo(UNDO_BATCH * 10) > 0);
}
