/**
 * The idle lock: after `idleMs` without a key, pointer or touch the till locks. Free of DOM globals;
 * the page feeds it activity and gives it its timer functions.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export class IdleLock {
  private handle: unknown = null;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
    private readonly timers: Timers,
  ) {}

  /** Starts (or restarts) the countdown; call on every activity while someone is logged in. */
  activity(): void {
    this.stop();
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      this.onIdle();
    }, this.idleMs);
  }

  stop(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
  }
}
