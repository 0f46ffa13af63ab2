import { taipeiCalendarDate } from './taipei-time.ts';

/**
 * How every text writes a date for people, the server's and the pages' alike: 2026/11/25,
 * and the ROC calendar (民國 79 年 12 月 27 日) where the ID card uses it. The wire keeps
 * `YYYY-MM-DD` calendar dates (Taipei) and ISO times; only the reading changes here.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Taipei calendar date of a `YYYY-MM-DD` date or an ISO time; null when it is neither. */
function calendarParts(value: string): { year: number; month: number; day: number } | null {
  let date = value;
  if (!CALENDAR_DATE.test(value)) {
    const instant = new Date(value);
    if (!value.includes('T') || Number.isNaN(instant.getTime())) return null;
    date = taipeiCalendarDate(instant);
  }
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/** `2026-11-25` (or an ISO time, read in Taipei) → `2026/11/25`; anything else is returned as given. */
export function peopleDate(value: string): string {
  const parts = calendarParts(value);
  if (!parts) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parts.year}/${pad(parts.month)}/${pad(parts.day)}`;
}

/** The year of the Republic of China calendar, as printed on Taiwan's ID cards: 1990 → 79. */
export const ROC_YEAR_OFFSET = 1911;

/**
 * `1990-12-27` → `民國 79 年 12 月 27 日`, as the ID card prints it (years before 1912 read
 * 民國前, which no living borrower's card shows but a typo could produce); anything
 * else is returned as given.
 */
export function rocDate(value: string): string {
  const parts = calendarParts(value);
  if (!parts) return value;
  const roc = parts.year - ROC_YEAR_OFFSET;
  const year = roc >= 1 ? `民國 ${roc} 年` : `民國前 ${1 - roc} 年`;
  return `${year} ${parts.month} 月 ${parts.day} 日`;
}
