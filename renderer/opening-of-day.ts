/**
 * The float asked for at the day's first login (`settings/general` ask_float_at_first_login): while
 * the register is closed, the first login of the store's day on this till shows the opening of the
 * day before the Sell screen. The day asked is kept in the till's own storage, so a later login, a
 * reload or another cashier the same day goes straight to selling.
 */
import type { StorageLike } from './token-vault.js';

const ASKED_ON_KEY = 'tillbase.float-asked-on';

/** Today in the store's time zone, `YYYY-MM-DD`; the machine's own zone when the store's is unknown. */
export function shopDate(timeZone: string | undefined, now: Date = new Date()): string {
  const parts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...parts, timeZone }).format(now);
  } catch {
    // A zone this browser does not know (RangeError): the machine's day is the nearest there is.
    return new Intl.DateTimeFormat('en-CA', parts).format(now);
  }
}

export class DayOpening {
  /** Where storage is off, the page remembers the day for as long as it lives. */
  private askedOn: string | null = null;

  constructor(private readonly storage: StorageLike | null) {}

  /** True the first time it is asked about `day`, false after: asking marks the day as asked. */
  firstAskOf(day: string): boolean {
    const asked = this.read();
    if (asked === day) return false;
    this.askedOn = day;
    try {
      this.storage?.setItem(ASKED_ON_KEY, day);
    } catch {
      // A full or refused storage: the page's memory still spares this session a second ask.
    }
    return true;
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(ASKED_ON_KEY) ?? this.askedOn;
    } catch {
      return this.askedOn;
    }
  }
}
