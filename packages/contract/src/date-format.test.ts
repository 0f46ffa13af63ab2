import { describe, expect, it } from 'vitest';
import { peopleDate, rocDate } from './date-format.ts';

describe('dates written for people', () => {
  it('writes a calendar date with slashes and two-digit month and day', () => {
    expect(peopleDate('2026-11-25')).toBe('2026/11/25');
    expect(peopleDate('2027-01-05')).toBe('2027/01/05');
  });

  it("reads an ISO time on Taipei's calendar, whatever the machine's zone", () => {
    expect(peopleDate('2026-11-24T16:30:00.000Z')).toBe('2026/11/25');
    expect(peopleDate('2026-11-24T15:59:59.000Z')).toBe('2026/11/24');
  });

  it('writes the ROC date as the ID card prints it', () => {
    expect(rocDate('1990-12-27')).toBe('民國 79 年 12 月 27 日');
    expect(rocDate('1912-01-01')).toBe('民國 1 年 1 月 1 日');
    expect(rocDate('2026-11-25')).toBe('民國 115 年 11 月 25 日');
    expect(rocDate('1911-06-30')).toBe('民國前 1 年 6 月 30 日');
  });

  it('returns what it cannot read unchanged, never a made-up date', () => {
    for (const odd of ['', '—', 'not a date', '2026/11/25', '2026-13-01', '12/27/1990']) {
      expect(peopleDate(odd)).toBe(odd);
      expect(rocDate(odd)).toBe(odd);
    }
  });
});
