import { describe, expect, it } from 'vitest';
import { spreadSaleDiscount } from '../../renderer/discounts.js';
import type { PriceFormat } from '../../renderer/format.js';
import { KeyboardWedge, MAX_GAP_MS, MIN_LENGTH } from '../../renderer/scanner.js';
import { badgeWords, barWords, figuresWords, localTime, pausedReasonWords, STATE_WORDS } from '../../renderer/sync-words.js';
import type { StateFigures, SyncOutboxState, SyncStatusView } from '../../shared/resources/sync.js';

/**
 * The till's rule modules at their edges, where the mutation run of renderer/ found the other tests
 * blind: the words the discount, the scanner and the sync bar give for inputs a cashier meets less often.
 * A server time read in the wrong zone shows only where the machine's clock is not on UTC: the mutation
 * slice runs under TZ=Asia/Kolkata (docs/mutation-testing.md), and the times expected are the machine's own.
 */

describe('a discount typed at the till', () => {
  const lines = [{ id: 1, subtotal: '10.00' }];
  const totals = (typed: string, kind: 'percent' | 'amount') => {
    const spread = spreadSaleDiscount(lines, typed, kind, 2);
    return spread.ok ? spread.value.map((line) => line.total) : spread.message;
  };

  it('reads spaces around it and a decimal comma', () => {
    expect(totals(' 10 ', 'percent')).toEqual(['9.00']);
    expect(totals('1,50', 'amount')).toEqual(['8.50']);
  });

  it('refuses text before or after the number, in words that fit the kind', () => {
    expect(totals('x10', 'percent')).toBe('Enter the discount as a percentage, such as 10.');
    expect(totals('10x', 'amount')).toBe('Enter the amount off, such as 2.00.');
  });

  it('takes a percentage of the line before tax when prices exclude tax, whatever tax the line carries', () => {
    const taxed = spreadSaleDiscount([{ id: 1, subtotal: '10.00', subtotal_tax: '2.00' }], '10', 'percent', 2);
    expect(taxed.ok && taxed.value.map((line) => line.total)).toEqual(['9.00']);
  });

  it('refuses a sale whose lines are all free', () => {
    expect(spreadSaleDiscount([{ id: 1, subtotal: '0.00' }], '10', 'percent', 2)).toEqual({ ok: false, message: 'The sale has nothing to discount.' });
  });
});

describe('the scanner at its limits', () => {
  const feed = (wedge: KeyboardWedge, keys: string[], gapMs: number): Array<string | null> =>
    keys.map((key, index) => wedge.feed({ key, time: 1_000 + index * gapMs, modified: false }));

  it('takes a burst of exactly the shortest length, with gaps of exactly the longest', () => {
    const code = '0812'.slice(0, MIN_LENGTH);
    expect(feed(new KeyboardWedge(), [...code.split(''), 'Enter'], MAX_GAP_MS).at(-1)).toBe(code);
  });

  it('reads a code with capitals, which a scanner types with Shift held, as one scan (Code 39/128)', () => {
    // A scanner presses Shift before each capital, so Shift comes between the characters of one code.
    const keys = ['1', '2', 'Shift', 'A', 'Shift', 'B', '-', '3', 'Enter'];
    expect(feed(new KeyboardWedge(), keys, 5).at(-1)).toBe('12AB-3');
  });

  it('has nothing pending before a key, and starts again after a key that types nothing', () => {
    const wedge = new KeyboardWedge();
    expect(wedge.pending()).toBe('');
    expect(feed(wedge, ['0812'.split(''), 'ArrowLeft', '7410'.split(''), 'Enter'].flat(), 5).at(-1)).toBe('7410');
  });
});

describe('the sync in shop words, less common', () => {
  const dollar: PriceFormat = { currency: 'USD', currency_pos: 'left', price_thousand_sep: ',', price_decimal_sep: '.', price_num_decimals: 2 };
  const none: StateFigures = { count: 0, sales: 0, sales_amount: '0.00', refunds: 0, refunds_amount: '0.00' };
  const now = new Date(2026, 10, 27, 12, 30);
  const status = (connection: Partial<NonNullable<SyncStatusView['connection']>>, waiting: StateFigures = none): SyncStatusView => {
    const states = Object.fromEntries(Object.keys(STATE_WORDS).map((state) => [state, none])) as Record<SyncOutboxState, StateFigures>;
    return {
      connected: true,
      connection: {
        url: 'https://shop.example',
        state: 'active',
        paused_reason: null,
        connected_at_gmt: null as unknown as string,
        online: true,
        link: 'online',
        degraded_reason: null,
        offline_since_gmt: null,
        last_push_gmt: null,
        last_pull_gmt: null,
        ...connection,
      },
      states: { ...states, pending: waiting },
      waiting,
      oldest_waiting_sale: null,
    };
  };

  /** 06:20:05 UTC on the 27th of `month` (0-based) of `year`, on this machine's clock. */
  const clock = (year = 2026, month = 10): Date => new Date(Date.UTC(year, month, 27, 6, 20, 5));
  const pad = (n: number): string => String(n).padStart(2, '0');
  const hm = (when: Date): string => `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  const today = new Date(2026, 10, clock().getDate(), 12, 30);

  it('reads a server time with its own zone, in either form, and a time without one as UTC', () => {
    for (const stamp of ['2026-11-27T06:20:05', '2026-11-27T06:20:05z', '2026-11-27T08:20:05+02:00', '2026-11-27T08:20:05+0200', '2026-11-27T04:20:05-02:00'])
      expect([stamp, localTime(stamp, today)]).toEqual([stamp, hm(clock())]);
    expect(localTime('not a time', today)).toBe('not a time');
  });

  it('gives the date of the same day and month a year before, and of the same day a month before', () => {
    const day = (when: Date): string => `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${hm(when)}`;
    expect(localTime('2025-11-27T06:20:05', today)).toBe(day(clock(2025)));
    expect(localTime('2026-10-27T06:20:05', today)).toBe(day(clock(2026, 9)));
  });

  it('counts only what there is, and says nothing waits when nothing does', () => {
    expect(figuresWords(none, dollar)).toBe('nothing');
    expect(figuresWords({ ...none, count: 1 }, dollar)).toBe('1 customer or stock change');
    expect(figuresWords({ ...none, count: 2 }, dollar)).toBe('2 customer or stock changes');
  });

  it('says it is sending while entries wait, offline without a time when it has none, and synced with no time when nothing was', () => {
    const waiting = { ...none, count: 1, sales: 1, sales_amount: '2.00' };
    expect(barWords(status({}, waiting), dollar, now)).toEqual({ tone: 'busy', text: 'Sending to WooCommerce · 1 sale ($2.00) waiting' });
    expect(barWords(status({ online: false }), dollar, now)).toEqual({ tone: 'warning', text: 'Offline' });
    expect(barWords(status({}), dollar, now)).toEqual({ tone: 'ok', text: 'Synced' });
  });

  it('says the key was refused when the server gave no reason, and keeps a reason that does not start with a code', () => {
    expect(pausedReasonWords(null)).toBe('WooCommerce refused the till’s key');
    expect(pausedReasonWords('The key, once valid: refused')).toBe('The key, once valid: refused');
  });

  it('names every state of a badge, in its tone', () => {
    const badge = (state: SyncOutboxState, wooId: number | null = null) => badgeWords({ order_id: 1, state, woo_id: wooId, reason: null });
    expect((['pending', 'sending', 'unknown', 'synced', 'rejected', 'handled'] as const).map((state) => [badge(state).tone, badge(state).text])).toEqual([
      ['busy', 'Waiting to send'],
      ['busy', 'Sending'],
      ['busy', 'Checking'],
      ['ok', 'In WooCommerce'],
      ['problem', 'Needs attention'],
      ['ok', 'Dealt with by hand'],
    ]);
    expect(badge('handled', 12).text).toBe('Dealt with by hand');
  });
});
