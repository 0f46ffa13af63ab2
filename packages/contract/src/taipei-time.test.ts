import { describe, expect, it } from 'vitest';
import { taipeiCalendarDate, taipeiWallClock } from './taipei-time.ts';

describe("Taipei's wall clock", () => {
  it('is eight hours ahead of UTC, across midnight and the year end', () => {
    expect(taipeiWallClock(new Date('2026-11-23T13:05:09Z'))).toEqual({ date: '2026-11-23', time: '21:05:09' });
    expect(taipeiWallClock(new Date('2026-11-23T16:00:00Z'))).toEqual({ date: '2026-11-24', time: '00:00:00' });
    expect(taipeiCalendarDate(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(taipeiCalendarDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });
});
