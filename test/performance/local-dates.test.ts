import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gmtToLocal } from '../../server/model/dates.js';

/** What gmtToLocal answered before it remembered offsets: Intl for every date. */
function byIntl(gmt: string, timeZone: string): string {
  const formatter = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(new Date(`${gmt}Z`))) parts[part.type] = part.value;
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}:${parts.second ?? ''}`;
}

/** Zones with daylight saving, half and quarter hour offsets, 45-minute shifts and historical offsets in seconds. */
const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Europe/Amsterdam',
  'Africa/Monrovia',
  'Pacific/Apia',
];

describe('gmtToLocal', () => {
  it('equals Intl for any date in any zone, around every change of offset too', () => {
    const instant = fc
      .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) })
      .map((ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19));
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (gmt, zone) => {
        expect(gmtToLocal(gmt, zone)).toBe(byIntl(gmt, zone));
      }),
      { numRuns: 5000 },
    );
  });

  it('equals Intl each second across daylight saving changes and second-precise historical offsets', () => {
    const around = [
      ['2024-03-31T00:59:00', 'Europe/London'],
      ['2024-10-27T00:59:00', 'Europe/London'],
      ['2024-04-06T14:59:00', 'Australia/Lord_Howe'],
      ['2024-10-05T15:29:00', 'Australia/Lord_Howe'],
      ['1937-06-30T23:39:00', 'Europe/Amsterdam'],
      ['1972-01-07T00:43:00', 'Africa/Monrovia'],
      ['2011-12-30T09:59:00', 'Pacific/Apia'],
    ] as const;
    for (const [start, zone] of around) {
      const from = Date.parse(`${start}Z`);
      for (let second = 0; second < 180; second++) {
        const gmt = new Date(from + second * 1000).toISOString().slice(0, 19);
        expect(gmtToLocal(gmt, zone), `${gmt} ${zone}`).toBe(byIntl(gmt, zone));
      }
    }
  });

  it('keeps null and answers odd dates as Intl does', () => {
    expect(gmtToLocal(null, 'Europe/London')).toBeNull();
    expect(gmtToLocal('0999-12-31T23:00:00', 'Europe/London')).toBe(byIntl('0999-12-31T23:00:00', 'Europe/London'));
  });
});
