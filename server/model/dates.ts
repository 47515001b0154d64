/** WooCommerce date strings: `YYYY-MM-DDTHH:MM:SS`, no zone, no milliseconds. */
export function toGmt(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export function gmtNow(): string {
  return toGmt(new Date());
}

/** Reads a stored GMT date string back as a Date (it has no zone: it is UTC). */
export function fromGmt(value: string): Date {
  return new Date(`${value}Z`);
}

/** A GMT date string `seconds` later (earlier when negative), as WooCommerce's date parameters take it. */
export function shiftedGmt(value: string, seconds: number): string {
  return toGmt(new Date(fromGmt(value).getTime() + seconds * 1000));
}

/** `toGmt` with milliseconds (`YYYY-MM-DDTHH:MM:SS.mmm`), for the till's own timers: a wait under a second is kept. */
export function toGmtMillis(date: Date): string {
  return date.toISOString().slice(0, 23);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const localFormatters = new Map<string, Intl.DateTimeFormat>();

function localFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = localFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    localFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function intlLocal(gmt: string, timeZone: string): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of localFormatter(timeZone).formatToParts(fromGmt(gmt))) parts[part.type] = part.value;
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}:${parts.second ?? ''}`;
}

const HOUR_MS = 3_600_000;
/** Offsets remembered, by zone and UTC hour; past this many the memory starts over. */
const REMEMBERED_OFFSETS = 50_000;
/** A zone's offset from UTC (ms) through one whole UTC hour, or null when it changes within it. */
const hourOffsets = new Map<string, number | null>();

/** The offset from UTC (ms) of `timeZone` at `utcMs`, as the zone's formatter shows the local time (to the second). */
function offsetAt(utcMs: number, timeZone: string): number {
  const local = intlLocal(new Date(utcMs).toISOString().slice(0, 19), timeZone);
  return Date.parse(`${local}Z`) - utcMs;
}

/**
 * The local twin of a GMT date string in the store's time zone (WooCommerce's `date_created` beside
 * `date_created_gmt`). A page of products holds hundreds of dates and Intl formats each slowly, so
 * the zone's offset is asked of Intl once per UTC hour (at both ends of the hour: an hour in which
 * the offset changes, or a date outside the years 1000 to 9999, is formatted by Intl itself).
 */
export function gmtToLocal(gmt: string | null, timeZone: string): string | null {
  if (gmt === null) return null;
  const utcMs = Date.parse(`${gmt}Z`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(gmt) || Number.isNaN(utcMs)) return intlLocal(gmt, timeZone);
  const hourStart = utcMs - (((utcMs % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const key = `${timeZone} ${hourStart}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const atStart = offsetAt(hourStart, timeZone);
    offset = atStart === offsetAt(hourStart + HOUR_MS - 1000, timeZone) ? atStart : null;
    if (hourOffsets.size >= REMEMBERED_OFFSETS) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  if (offset === null) return intlLocal(gmt, timeZone);
  const local = new Date(utcMs + offset).toISOString();
  return /^[1-9]\d{3}-/.test(local) ? local.slice(0, 19) : intlLocal(gmt, timeZone);
}

/** The GMT twin of a local `YYYY-MM-DDTHH:MM:SS` in a time zone (two steps settle daylight-saving changes). */
export function localToGmt(local: string, timeZone: string): string {
  const wanted = Date.parse(`${local}Z`);
  let guess = wanted;
  for (let step = 0; step < 2; step++) {
    const shown = gmtToLocal(toGmt(new Date(guess)), timeZone) ?? local;
    guess -= Date.parse(`${shown}Z`) - wanted;
  }
  return toGmt(new Date(guess));
}

/**
 * A local calendar day (`YYYY-MM-DD`) of a time zone as the GMT range it covers, `from` included and
 * `to` (the next day's start) left out: 23 or 25 hours on a day the clocks change.
 */
export function localDayInGmt(day: string, timeZone: string): { from: string; to: string } {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: localToGmt(`${day}T00:00:00`, timeZone), to: localToGmt(`${next}T00:00:00`, timeZone) };
}

/** Today's date (`YYYY-MM-DD`) in a time zone. */
export function localToday(timeZone: string): string {
  return (gmtToLocal(gmtNow(), timeZone) ?? gmtNow()).slice(0, 10);
}
