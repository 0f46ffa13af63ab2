import { describe, expect, it } from 'vitest';
import { isReminderTime, nextReminderTime, nextTaipeiTime } from './reminder-hours.ts';

const taipei = (text: string) => new Date(`${text}+08:00`);

describe('reminder hours and the daily run time, Taipei', () => {
  it('allows 07:00 up to, not including, 22:00, and moves a night reminder to the next 07:00', () => {
    expect(isReminderTime(taipei('2030-03-10T06:59:59'))).toBe(false);
    expect(isReminderTime(taipei('2030-03-10T07:00:00'))).toBe(true);
    expect(isReminderTime(taipei('2030-03-10T21:59:59'))).toBe(true);
    expect(isReminderTime(taipei('2030-03-10T22:00:00'))).toBe(false);
    expect(nextReminderTime(taipei('2030-03-10T12:00:00'))).toEqual(taipei('2030-03-10T12:00:00'));
    expect(nextReminderTime(taipei('2030-03-10T03:00:00'))).toEqual(taipei('2030-03-10T07:00:00'));
    expect(nextReminderTime(taipei('2030-03-10T22:30:00'))).toEqual(taipei('2030-03-11T07:00:00'));
    expect(nextReminderTime(taipei('2030-12-31T23:59:00'))).toEqual(taipei('2031-01-01T07:00:00'));
  });

  it('finds the next 00:05 whatever the server time zone', () => {
    expect(nextTaipeiTime(taipei('2030-03-10T00:04:59'), 0, 5)).toEqual(taipei('2030-03-10T00:05:00'));
    expect(nextTaipeiTime(taipei('2030-03-10T00:05:00'), 0, 5)).toEqual(taipei('2030-03-11T00:05:00'));
    expect(nextTaipeiTime(new Date('2030-02-28T16:10:00Z'), 0, 5)).toEqual(taipei('2030-03-02T00:05:00'));
  });
});
