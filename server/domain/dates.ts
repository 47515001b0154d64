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

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const localFormatters = new Map<string, Intl.DateTimeFormat>();

function localFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = localFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    localFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local twin of a GMT date string in the store's time zone (WooCommerce's `date_created` beside `date_created_gmt`). */
export function gmtToLocal(gmt: string | null, timeZone: string): string | null {
  if (gmt === null) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of localFormatter(timeZone).formatToParts(fromGmt(gmt))) parts[part.type] = part.value;
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}:${parts.second ?? ''}`;
}
