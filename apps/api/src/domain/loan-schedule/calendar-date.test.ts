import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, isCalendarDate, taipeiCalendarDate } from './calendar-date.ts';

describe('calendar dates', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 2, '2025-03-31'],
    ['2025-03-31', 1, '2025-04-30'],
    ['2025-08-31', 6, '2026-02-28'],
    ['2025-11-15', 3, '2026-02-15'],
    ['2025-12-31', 12, '2026-12-31'],
  ])('%s plus %i months is %s (the 31st becomes the last day of a shorter month)', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('counts days across a leap day and a year end', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-15', 90)).toBe('2026-03-15');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-04-01', '2025-01-01')).toBe(-90);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-2-28')).toBe(false);
    expect(isCalendarDate('2025-02-28T00:00:00Z')).toBe(false);
  });

  it('takes the Taipei day of an instant: 16:30 UTC on the 31st is already the 1st in Taipei', () => {
    expect(taipeiCalendarDate(new Date('2025-01-31T16:30:00Z'))).toBe('2025-02-01');
    expect(taipeiCalendarDate(new Date('2025-01-31T15:59:59Z'))).toBe('2025-01-31');
  });
});
