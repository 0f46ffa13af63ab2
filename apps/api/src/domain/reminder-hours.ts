import { addDays, taipeiCalendarDate, type CalendarDate } from './loan-schedule/calendar-date.ts';

/**
 * Reminders reach the borrower only between 07:00 and 22:00 Taipei time (PRODUCT.md
 * "Reminders go to the borrower only"); Taiwan keeps no daylight saving, so Taipei is
 * always UTC+8.
 */
export const REMINDER_FIRST_HOUR = 7;
export const REMINDER_LAST_HOUR = 22;

/** The instant of a Taipei wall-clock time on a Taipei day. */
export function taipeiInstant(day: CalendarDate, hour: number, minute = 0): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+08:00`);
}

/** Whether `now` is within 07:00 (included) to 22:00 (excluded), Taipei time. */
export function isReminderTime(now: Date): boolean {
  const day = taipeiCalendarDate(now);
  return now >= taipeiInstant(day, REMINDER_FIRST_HOUR) && now < taipeiInstant(day, REMINDER_LAST_HOUR);
}

/** `now` when reminders may go now, else the next 07:00 Taipei (a night reminder waits for the morning). */
export function nextReminderTime(now: Date): Date {
  if (isReminderTime(now)) return now;
  const day = taipeiCalendarDate(now);
  const morning = taipeiInstant(day, REMINDER_FIRST_HOUR);
  return now < morning ? morning : taipeiInstant(addDays(day, 1), REMINDER_FIRST_HOUR);
}

/** The next `hour:minute` Taipei strictly after `now` (the daily run at 00:05). */
export function nextTaipeiTime(now: Date, hour: number, minute: number): Date {
  const day = taipeiCalendarDate(now);
  const today = taipeiInstant(day, hour, minute);
  return today > now ? today : taipeiInstant(addDays(day, 1), hour, minute);
}
