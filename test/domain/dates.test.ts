import { describe, expect, it } from 'vitest';
import { gmtToLocal, localDayInGmt, localToday, toGmt } from '../../server/model/dates.js';

describe('WooCommerce dates', () => {
  it('writes GMT without zone or milliseconds', () => {
    expect(toGmt(new Date('2026-11-22T08:15:30.123Z'))).toBe('2026-11-22T08:15:30');
  });

  it('gives the local twin in the store time zone, daylight saving included', () => {
    expect(gmtToLocal('2026-01-15T12:00:00', 'UTC')).toBe('2026-01-15T12:00:00');
    expect(gmtToLocal('2026-01-15T12:00:00', 'Europe/Berlin')).toBe('2026-01-15T13:00:00');
    expect(gmtToLocal('2026-07-15T12:00:00', 'Europe/Berlin')).toBe('2026-07-15T14:00:00');
    expect(gmtToLocal('2026-07-15T03:30:00', 'America/Los_Angeles')).toBe('2026-07-14T20:30:00');
    // Midnight comes out as 00, not 24.
    expect(gmtToLocal('2026-03-01T23:00:00', 'Europe/Berlin')).toBe('2026-03-02T00:00:00');
    expect(gmtToLocal(null, 'UTC')).toBeNull();
  });

  it('reads a local day as the GMT range it covers: 23 or 25 hours on a day the clocks change', () => {
    expect(localDayInGmt('2026-07-01', 'UTC')).toEqual({ from: '2026-07-01T00:00:00', to: '2026-07-02T00:00:00' });
    expect(localDayInGmt('2026-07-01', 'America/Los_Angeles')).toEqual({ from: '2026-07-01T07:00:00', to: '2026-07-02T07:00:00' });
    expect(localDayInGmt('2026-03-29', 'Europe/London')).toEqual({ from: '2026-03-29T00:00:00', to: '2026-03-29T23:00:00' });
    expect(localDayInGmt('2026-10-25', 'Europe/London')).toEqual({ from: '2026-10-24T23:00:00', to: '2026-10-26T00:00:00' });
    expect(localDayInGmt('2026-12-31', 'Pacific/Auckland')).toEqual({ from: '2026-12-30T11:00:00', to: '2026-12-31T11:00:00' });
  });

  it("gives today's date in a time zone: a day ahead east of the date line while it is still yesterday west of it", () => {
    const [east, west] = [localToday('Pacific/Kiritimati'), localToday('Pacific/Honolulu')];
    expect(east).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // UTC+14 and UTC−10, neither with daylight saving: the same clock time a day apart, whatever the time.
    expect(Date.parse(`${east}T00:00:00Z`) - Date.parse(`${west}T00:00:00Z`)).toBe(86_400_000);
  });
});
