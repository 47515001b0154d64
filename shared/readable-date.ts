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
