import { performance } from 'node:perf_hooks';
import type { Database } from '../../data/database.js';
import { writeTransaction } from '../../data/write-transaction.js';

export interface StepTiming {
  /** How long one transaction may hold the write lock, roughly. */
  stepMs: number;
  /** At most this many rows per transaction, however fast they go. */
  maxRowsPerStep: number;
  /** The pause after a step while the tills sell: they have the lock to themselves meanwhile. */
  pauseMs: number;
  /** The pause a quiet shop gets after every second step, for a sale that has just begun to wait. */
  quietPauseMs: number;
}

/**
 * A sale that finds the lock taken waits in SQLite's busy handler, which tries again 1, 3, 8, 18,
 * 33, 53, 78, 103 and 128 ms after it began (then every 50, then every 100 ms): a sale that began
 * to wait during a step of ~100 ms gets a try at most 25 ms after the step ends, and a pause of
 * 30 ms lets it in. Then the server has the lock to itself for the rest of the pause, and answers
 * the sales queued behind that one: it answers nothing while its connection waits. Measured with
 * 8 tills selling (`node bench/run.mjs --only import`): 40 ms steps and 25 ms pauses spent most of
 * the import pausing (27 s); 50/60 gave sales a p99 of 150 ms but an import of 18 s; 100/30
 * gives about 9 s and a p99 of about 500 ms. In a quiet shop the pauses are 1 ms, and every second
 * one `quietPauseMs`, enough for a sale that has just begun to wait (it has waited two steps at most).
 */
export const DEFAULT_STEP_TIMING: StepTiming = { stepMs: 100, maxRowsPerStep: 2000, pauseMs: 30, quietPauseMs: 30 };

/** How long an import's step waits for the write lock before the import gives up. */
const LOCK_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The write transactions of an import (its steps, its undo, its clean-up) and the pauses between
 * them, which depend on whether the tills are selling.
 */
export class Pacer {
  /** PRAGMA data_version changes when another connection commits: it tells a busy shop from a quiet one. */
  private seenVersion: number;
  private contended = false;
  private quietPauses = 0;

  constructor(
    readonly db: Database,
    readonly timing: StepTiming,
  ) {
    this.seenVersion = this.dataVersion();
  }

  private dataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  /**
   * A write transaction, waiting for the lock by trying again every millisecond (the connection's
   * busy_timeout is 0 while an import writes). SQLite's own busy handler backs off to a try every
   * 100 ms, and against tills that write back to back it would almost never find the lock free.
   */
  async step<T>(work: () => T): Promise<T> {
    const started = performance.now();
    for (;;) {
      try {
        return writeTransaction(this.db, work);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || performance.now() - started > LOCK_WAIT_MS) throw error;
        this.contended = true;
      }
      await sleep(1);
    }
  }

  /**
   * Steps that repeat `work` (a small slice of some tidying) for about `stepMs` each, with pauses
   * between them, until it returns false.
   */
  async repeat(work: () => boolean): Promise<void> {
    for (;;) {
      const more = await this.step(() => {
        const started = performance.now();
        while (work()) if (performance.now() - started >= this.timing.stepMs) return true;
        return false;
      });
      if (!more) return;
      await this.pause();
    }
  }

  /** The pause after a step: long when others wrote since the last one or held the lock when it began, short otherwise. */
  async pause(): Promise<void> {
    const version = this.dataVersion();
    const busy = this.contended || version !== this.seenVersion;
    this.seenVersion = version;
    this.contended = false;
    this.quietPauses = busy ? 0 : this.quietPauses + 1;
    await sleep(busy ? this.timing.pauseMs : this.quietPauses % 2 === 0 ? this.timing.quietPauseMs : 1);
  }
}

/** Reading and checking an import's rows run this long between two pauses. */
const READ_SLICE_MS = 50;

/**
 * Cuts a long synchronous stretch (reading and checking rows) into slices of about READ_SLICE_MS,
 * calling `pause` between them; without a `pause` it never stops.
 */
export class Slices {
  private started = performance.now();

  constructor(private readonly pause: (() => Promise<void>) | undefined) {}

  async maybePause(): Promise<void> {
    if (this.pause === undefined || performance.now() - this.started < READ_SLICE_MS) return;
    await this.pause();
    this.started = performance.now();
  }
}
