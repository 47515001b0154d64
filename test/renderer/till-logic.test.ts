/** The till's browser-free logic: the keyboard-wedge scanner, quick tenders and the idle lock. */
import { describe, expect, it } from 'vitest';
import { IdleLock } from '../../renderer/idle-lock.js';
import { KeyboardWedge, MAX_GAP_MS } from '../../renderer/scanner.js';
import { quickTenders } from '../../renderer/tenders.js';

function typeKeys(wedge: KeyboardWedge, keys: string[], gapMs: number, start = 1_000): Array<string | null> {
  return keys.map((key, index) => wedge.feed({ key, time: start + index * gapMs, modified: false }));
}

describe('keyboard-wedge scanner', () => {
  it('takes a fast burst ended by Enter as a scan', () => {
    const results = typeKeys(new KeyboardWedge(), ['0812741000016'.split(''), 'Enter'].flat(), 5);
    expect(results.at(-1)).toBe('0812741000016');
  });

  it('leaves a person typing alone, and a pasted-looking burst confirmed later by hand', () => {
    expect(typeKeys(new KeyboardWedge(), ['20.00'.split(''), 'Enter'].flat(), MAX_GAP_MS + 40).at(-1)).toBeNull();
    const wedge = new KeyboardWedge();
    typeKeys(wedge, ['0812741000016'.split('')].flat(), 5);
    expect(wedge.feed({ key: 'Enter', time: 1_500, modified: false })).toBeNull();
  });

  it('ignores short bursts and bursts broken by a modifier', () => {
    expect(typeKeys(new KeyboardWedge(), ['123'.split(''), 'Enter'].flat(), 5).at(-1)).toBeNull();
    const wedge = new KeyboardWedge();
    typeKeys(wedge, ['081274'.split('')].flat(), 5);
    expect(wedge.feed({ key: 'c', time: 1_031, modified: true })).toBeNull();
    expect(wedge.feed({ key: 'Enter', time: 1_036, modified: false })).toBeNull();
  });
});

describe('quick tenders', () => {
  it('offers the exact amount and the next notes above it', () => {
    expect(quickTenders('5.98', 2)).toEqual(['5.98', '10.00', '20.00', '50.00']);
    expect(quickTenders('10.00', 2)).toEqual(['10.00', '20.00', '50.00', '100.00']);
    expect(quickTenders('1234', 0)).toEqual(['1234']);
  });
});

describe('idle lock', () => {
  it('locks after the idle time, and activity starts the count again', () => {
    const pending = new Map<number, { at: number; run: () => void }>();
    let now = 0;
    let next = 0;
    const timers = {
      setTimeout: (run: () => void, ms: number) => {
        next += 1;
        pending.set(next, { at: now + ms, run });
        return next;
      },
      clearTimeout: (handle: unknown) => pending.delete(handle as number),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const [handle, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(handle);
          timer.run();
        }
      }
    };
    let locks = 0;
    const lock = new IdleLock(1_000, () => (locks += 1), timers);
    lock.activity();
    advance(900);
    lock.activity();
    advance(900);
    expect(locks).toBe(0);
    advance(100);
    expect(locks).toBe(1);
    lock.activity();
    lock.stop();
    advance(5_000);
    expect(locks).toBe(1);
  });
});
