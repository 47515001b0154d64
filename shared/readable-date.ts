/**
 * A date and time as the shop reads it: `2026-11-27T09:05:41` (the store's local time, as the
 * server answers `date_*` fields) → `27 Nov 2026, 09:05`. Used by the till's screens and the
 * server's X and Z reports, so both say it the same way. Done by hand, not with `Date`, so that the
 * wall-clock time of the store is shown as it is, whatever the zone of the machine showing it.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Anything that is not such a date comes back unchanged; empty stays empty. */
export function readableDateTime(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(local.trim());
  if (match === null) return local;
  const [, year, month, day, hours, minutes] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (monthName === undefined) return local;
  return `${Number(day)} ${monthName} ${year}, ${hours}:${minutes}`;
}

/**
 * A server stamp in UTC (`2026-11-29T10:40:05`, with or without milliseconds and a `Z`) as the
 * store's wall clock reads it, said as readableDateTime says it: the log's stamps, which the API
 * keeps in UTC, shown in shop time like every other date.
 */
export function readableGmt(gmt: string, timeZone: string | undefined): string {
  const when = new Date(/[zZ]$|[+-]\d{2}:?\d{2}$/.test(gmt) ? gmt : `${gmt}Z`);
  if (Number.isNaN(when.getTime())) return gmt;
  const fields = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...fields, timeZone });
  } catch {
    // A zone this machine does not know: its own clock is the nearest there is.
    format = new Intl.DateTimeFormat('en-CA', fields);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(when)) parts[part.type] = part.value;
  return readableDateTime(`${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}`);
}
