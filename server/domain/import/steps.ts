import { performance } from 'node:perf_hooks';
import type { Database } from '../../data/database.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { ImportJournal, undoRun } from './journal.js';

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
 * A transaction of ~25 ms and a pause of ~25 ms: a sale that finds the lock taken waits at most
 * one step, since SQLite's busy handler retries a waiting writer at gaps shorter than the pause
 * during its first 100 ms.
 */
export const DEFAULT_STEP_TIMING: StepTiming = { stepMs: 25, maxRowsPerStep: 500, pauseMs: 25 };

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
  try {
    for (;;) {
      if (run.stopRequested()) throw new ImportStoppedError();
      const started = performance.now();
      const finished = writeTransaction(run.db, () => {
        journal.checkAlive();
        for (let count = 1; ; count++) {
          if (rows.next().done === true) {
            if (!journal.end()) throw new Error('the import was stopped and undone by another process');
            return true;
          }
          if (count >= run.timing.maxRowsPerStep || performance.now() - started >= run.timing.stepMs) return false;
        }
      });
      run.afterStep();
      if (finished) return;
      await sleep(run.timing.pauseMs);
    }
  } catch (error) {
    try {
      await undoRun(run.db, journal.runId, run.timing.pauseMs);
    } catch {
      throw new UndoPendingError(error);
    }
    throw error;
  }
}
