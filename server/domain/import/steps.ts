import { performance } from 'node:perf_hooks';
import type { Database } from '../../data/database.js';
import { clearEndedJournal, ImportJournal, stepTransaction, undoRun } from './journal.js';

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
    super(`${cause instanceof Error ? cause.message : String(cause)}; what was written is undone at the next start of tillbase serve or tillbase import`, { cause });
    this.name = 'UndoPendingError';
  }
}

export interface StepTiming {
  /** How long one transaction may hold the write lock, roughly. */
  stepMs: number;
  /** At most this many rows per transaction, however fast they go. */
  maxRowsPerStep: number;
  /** The pause between transactions, in which the tills' sales take the lock. */
  pauseMs: number;
}

/**
 * A transaction of ~40 ms and a pause of 25 ms: a sale that finds the lock taken waits at most one
 * step, since during its first 100 ms SQLite's busy handler retries a waiting writer at gaps no
 * longer than the pause. When nobody else has written for a while, most pauses shrink to 1 ms;
 * every fourth stays whole, so that a writer that has just begun to wait still gets in.
 */
export const DEFAULT_STEP_TIMING: StepTiming = { stepMs: 40, maxRowsPerStep: 1000, pauseMs: 25 };

/** In a quiet shop, one pause in this many stays whole. */
const WHOLE_PAUSE_EVERY = 4;

export interface StepRun {
  db: Database;
  kind: string;
  file: string;
  timing: StepTiming;
  /** Called after every transaction (for progress). */
  afterStep(): void;
  /** Asked between transactions: true stops the import, which is then undone. */
  stopRequested(): boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the writes of an import as short transactions with pauses between them, journaled so that
 * the import is all-or-nothing: `steps` yields after each row's writes; the transaction that runs
 * the last one also ends the journal's run (the commit point). On any failure, or a stop, the steps
 * already committed are undone, newest first, before this rejects.
 */
export async function writeInSteps(run: StepRun, steps: (journal: ImportJournal) => Iterator<unknown>): Promise<void> {
  const journal = ImportJournal.start(run.db, run.kind, run.file);
  const rows = steps(journal);
  const busyTimeout = run.db.pragma('busy_timeout', { simple: true }) as number;
  // The steps may be committed without syncing: each commits its journal entries with its rows, so
  // a power cut that loses the last steps loses their entries too, and what survives is undone at
  // the next start. The step that ends the run (the commit point) is synced, and so is everything
  // written before it.
  run.db.pragma('busy_timeout = 0');
  run.db.pragma('synchronous = NORMAL');
  try {
    await writeJournaled(run, journal, rows);
    // The import stands; its journal entries are only clutter now, which the next start also clears.
    await clearEndedJournal(run.db, run.timing.pauseMs).catch(() => undefined);
  } finally {
    run.db.pragma('synchronous = FULL');
    run.db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

async function writeJournaled(run: StepRun, journal: ImportJournal, rows: Iterator<unknown>): Promise<void> {
  // PRAGMA data_version changes when another connection commits: it tells a busy shop from a quiet one.
  const othersWrote = (() => {
    let seen = run.db.pragma('data_version', { simple: true }) as number;
    return (): boolean => {
      const now = run.db.pragma('data_version', { simple: true }) as number;
      const changed = now !== seen;
      seen = now;
      return changed;
    };
  })();
  let quietPauses = 0;
  try {
    for (;;) {
      if (run.stopRequested()) throw new ImportStoppedError();
      const finished = await stepTransaction(run.db, () => {
        const started = performance.now();
        journal.checkAlive();
        for (let count = 1; ; count++) {
          if (rows.next().done === true) return true;
          if (count >= run.timing.maxRowsPerStep || performance.now() - started >= run.timing.stepMs) return false;
        }
      });
      run.afterStep();
      if (finished) break;
      quietPauses = othersWrote() ? 0 : quietPauses + 1;
      await sleep(quietPauses > 0 && quietPauses % WHOLE_PAUSE_EVERY !== 0 ? 1 : run.timing.pauseMs);
    }
    run.db.pragma('synchronous = FULL');
    await stepTransaction(run.db, () => {
      if (!journal.end()) throw new Error('the import was stopped and undone by another process');
    });
  } catch (error) {
    try {
      await undoRun(run.db, journal.runId, run.timing.pauseMs);
    } catch {
      throw new UndoPendingError(error);
    }
    throw error;
  }
}
