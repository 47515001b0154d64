import { performance } from 'node:perf_hooks';
import type { Database } from '../../data/database.js';
import { clearEndedJournal, ImportJournal, undoRun, type ImportJournalParts } from './journal.js';
import { Pacer, type StepTiming } from './pacing.js';

export { DEFAULT_STEP_TIMING, type StepTiming } from './pacing.js';

/** The import was stopped (Ctrl-C, SIGTERM) while writing; what it wrote has been undone. */
export class ImportStoppedError extends Error {
  constructor() {
    super('the import was stopped');
    this.name = 'ImportStoppedError';
  }
}

/** Writing failed and so did undoing it: the next start of the server or of an import undoes it. */
export class UndoPendingError extends Error {
  constructor(cause: unknown) {
    super(`${cause instanceof Error ? cause.message : String(cause)}; what was written is undone at the next start of tillbase serve or tillbase import`, {
      cause,
    });
    this.name = 'UndoPendingError';
  }
}

export interface StepRun {
  db: Database;
  /** The journal's repositories over `db`. */
  journal: ImportJournalParts;
  kind: string;
  file: string;
  timing: StepTiming;
  /** Called after every transaction (for progress). */
  afterStep(): void;
  /** Asked between transactions: true stops the import, which is then undone. */
  stopRequested(): boolean;
  /** Wraps each step's writes, inside its transaction (the import declares its stock-ledger reason here). */
  inStep?: <T>(work: () => T) => T;
}

/**
 * Runs the writes of an import as short transactions with pauses between them, journaled so that
 * the import is all-or-nothing: `steps` yields after each row's writes; the transaction that runs
 * the last one also ends the journal's run (the commit point). On any failure, or a stop, the steps
 * already committed are undone, newest first, before this rejects.
 */
export async function writeInSteps(run: StepRun, steps: (journal: ImportJournal) => Iterator<unknown>): Promise<void> {
  const { search } = run.journal;
  const journal = ImportJournal.start(run.db, run.journal, run.kind, run.file, () => {
    search.setAutomerge(0);
  });
  const rows = steps(journal);
  const pacer = new Pacer(run.db, run.timing);
  const busyTimeout = run.db.pragma('busy_timeout', { simple: true }) as number;
  // The steps may be committed without syncing: each commits its journal entries with its rows, so
  // a power cut that loses the last steps loses their entries too, and what survives is undone at
  // the next start. The step that ends the run (the commit point) is synced, and so is everything
  // written before it.
  run.db.pragma('busy_timeout = 0');
  run.db.pragma('synchronous = NORMAL');
  try {
    await writeJournaled(run, pacer, journal, rows);
  } finally {
    // Whatever happened, the search index merges again and gets the segments of the steps merged;
    // the import stands or is undone already, and these are only tidying, which a failure may skip.
    await pacer
      .step(() => {
        search.setAutomerge();
      })
      .catch(() => undefined);
    run.db.pragma('synchronous = NORMAL');
    try {
      await pacer.repeat(() => search.merge(SEARCH_MERGE_PAGES));
      await clearEndedJournal(pacer, run.journal.runs);
    } catch {
      // The next import's or server's start clears the journal; the index merges as it is written.
    }
    run.db.pragma('synchronous = FULL');
    run.db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/** Pages of the search index merged at a time after an import: a few milliseconds of work. */
const SEARCH_MERGE_PAGES = 50;

async function writeJournaled(run: StepRun, pacer: Pacer, journal: ImportJournal, rows: Iterator<unknown>): Promise<void> {
  const inStep = run.inStep ?? ((work) => work());
  try {
    for (;;) {
      if (run.stopRequested()) throw new ImportStoppedError();
      const finished = await pacer.step(() =>
        inStep(() => {
          const started = performance.now();
          journal.checkAlive();
          for (let count = 1; ; count++) {
            if (rows.next().done === true) return true;
            if (count >= run.timing.maxRowsPerStep || performance.now() - started >= run.timing.stepMs) return false;
          }
        }),
      );
      run.afterStep();
      if (finished) break;
      await pacer.pause();
    }
    run.db.pragma('synchronous = FULL');
    await pacer.step(() => {
      if (!journal.end()) throw new Error('the import was stopped and undone by another process');
    });
  } catch (error) {
    try {
      await undoRun(pacer, run.journal, journal.runId, run.file);
    } catch {
      throw new UndoPendingError(error);
    }
    throw error;
  }
}
