import type { WriteCounts } from './product-writer.js';

/** Where progress goes: standard error, a terminal or not. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/** How far an import has got: rows read and checked, rejected, and written of those accepted. */
export interface ImportProgress {
  rows: number;
  read: number;
  rejected: number;
  written: number;
  /** Rows accepted for writing; unknown until every row is read. */
  toWrite: number | undefined;
  /** Of the rows written, how many were created, updated and found unchanged (after each step). */
  counts?: WriteCounts;
}

/** A terminal's line is redrawn at most this often; a log gets a line at least this often. */
const REDRAW_MS = 100;
const LOG_EVERY_MS = 2000;
const LOG_STEPS = 10;

/**
 * Progress of an import on standard error. On a terminal it is one line redrawn in place and
 * cleared at the end (the summary goes to standard output); elsewhere (a log, a pipe) a line at
 * every tenth of the way and at least every 2 seconds while it lasts.
 */
export class ProgressReporter {
  private lastWrite = Number.NEGATIVE_INFINITY;
  private loggedStep = 0;
  private drawn = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly file: string,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  update(progress: ImportProgress): void {
    const now = this.clock();
    if (this.stream.isTTY === true) {
      if (now - this.lastWrite < REDRAW_MS) return;
      this.stream.write(`\r${this.line(progress)}\u001b[K`);
      this.drawn = true;
      this.lastWrite = now;
      return;
    }
    // Reading and writing count as half of the way each.
    const done =
      progress.rows === 0
        ? 1
        : progress.read / progress.rows / 2 + (progress.toWrite === undefined ? 0 : progress.toWrite === 0 ? 0.5 : progress.written / progress.toWrite / 2);
    const step = Math.floor(done * LOG_STEPS + 1e-9);
    if (step > this.loggedStep || now - this.lastWrite >= LOG_EVERY_MS) {
      this.stream.write(`${this.line(progress)}\n`);
      this.loggedStep = Math.max(this.loggedStep, step);
      this.lastWrite = now;
    }
  }

  /** Clears a terminal's progress line. */
  finish(): void {
    if (this.drawn) this.stream.write('\r\u001b[K');
    this.drawn = false;
  }

  private line(progress: ImportProgress): string {
    const written = progress.toWrite === undefined ? '' : `, ${progress.written} of ${progress.toWrite} written`;
    return `${this.file}: ${progress.read} of ${progress.rows} rows read, ${progress.rejected} rejected${written}`;
  }
}
