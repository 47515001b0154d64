/**
 * The loop of the sync's two workers (push/worker.ts, pull/worker.ts): a look, then `everyMs` of
 * rest after it has ended, until stopped. One look at a time, never two: a look that runs longer than
 * the rest only puts off the next. `stop()` waits for a look under way, so that the server closes its
 * database only once the worker has let go of it.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  private started = false;

  /** `look` should settle its own failures; one that throws anyway is handed to `onFault` and the looking goes on. */
  constructor(
    private readonly look: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onFault: (error: unknown) => void,
  ) {}

  /** False before `start()` and after `stop()`: the worker's work in hand ends at its next step. */
  get running(): boolean {
    return this.started;
  }

  /** Starts looking, the first time after `firstDelayMs` (a full rest unless given). */
  start(firstDelayMs = this.everyMs): void {
    if (this.started) return;
    this.started = true;
    this.schedule(firstDelayMs);
  }

  /** Stops looking, after the look under way, if any, has ended. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.looking;
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.looking = this.look()
        .then(
          () => undefined,
          (error: unknown) => {
            this.onFault(error);
          },
        )
        .finally(() => {
          this.looking = undefined;
          this.schedule(this.everyMs);
        });
    }, delayMs);
  }
}
