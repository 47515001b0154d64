/**
 * A barcode scanner is a keyboard wedge: it types the code's characters within a few milliseconds
 * of each other and ends with Enter, wherever the focus is. A person types far slower, so a burst
 * of at least MIN_LENGTH characters, each within MAX_GAP_MS of the last, ended by Enter, is a scan.
 * Free of DOM globals: fed with key events and their times, so that it is tested without a browser.
 */
export const MIN_LENGTH = 4;
export const MAX_GAP_MS = 50;

export interface KeyInput {
  key: string;
  /** Milliseconds, e.g. `event.timeStamp`. */
  time: number;
  /** True when a modifier other than Shift is held: never part of a scan. */
  modified: boolean;
}

export class KeyboardWedge {
  private buffer = '';
  private lastTime = Number.NEGATIVE_INFINITY;

  /** Feeds one key; returns the scanned code when this Enter ends a scan, else null. */
  feed(input: KeyInput): string | null {
    if (input.modified) {
      this.reset();
      return null;
    }
    // A scanner presses Shift before each capital letter of a code (Code 39, Code 128): Shift alone
    // types nothing and neither breaks the burst nor counts as one of its keys.
    if (input.key === 'Shift') return null;
    const fast = input.time - this.lastTime <= MAX_GAP_MS;
    this.lastTime = input.time;
    if (input.key === 'Enter') {
      const code = fast && this.buffer.length >= MIN_LENGTH ? this.buffer : null;
      this.reset();
      return code;
    }
    if (input.key.length !== 1) {
      this.reset();
      return null;
    }
    this.buffer = fast ? this.buffer + input.key : input.key;
    return null;
  }

  /** The characters of a burst in progress, which a scan's Enter will claim. */
  pending(): string {
    return this.buffer;
  }

  reset(): void {
    this.buffer = '';
  }
}
