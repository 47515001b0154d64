import { describe, expect, it } from 'vitest';
import { gmtToLocal, toGmt } from '../../server/model/dates.js';

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
});
