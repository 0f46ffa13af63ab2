/**
 * Calendar dates as plain `YYYY-MM-DD` values: a due date is a day in Asia/Taipei, not an
 * instant, so no time zone can shift it. Arithmetic goes through a day number (days since
 * 1970-01-01 in the proleptic Gregorian calendar); `Date.UTC` is only a calculator here.
 */
export type CalendarDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

interface Parts {
  year: number;
  month: number;
  day: number;
}

function partsOf(date: CalendarDate): Parts {
  const match = PATTERN.exec(date);
  if (match === null) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month)) {
    throw new RangeError(`no such date: ${date}`);
  }
  return parts;
}

function format({ year, month, day }: Parts): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * Dates met before, both ways: a loan's replay turns the same few dozen dates into day
 * numbers and back for every event and instalment, and parsing was a third of its time.
 * Bounded: emptied when it grows past a few years of days.
 */
const dayNumbers = new Map<CalendarDate, number>();
const datesOfDays = new Map<number, CalendarDate>();
const REMEMBERED_DATES = 4_096;

function dayNumber(date: CalendarDate): number {
  let days = dayNumbers.get(date);
  if (days === undefined) {
    const { year, month, day } = partsOf(date);
    days = Date.UTC(year, month - 1, day) / MS_PER_DAY;
    if (dayNumbers.size >= REMEMBERED_DATES) dayNumbers.clear();
    dayNumbers.set(date, days);
  }
  return days;
}

function fromDayNumber(days: number): CalendarDate {
  let date = datesOfDays.get(days);
  if (date === undefined) {
    const d = new Date(days * MS_PER_DAY);
    date = format({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
    if (datesOfDays.size >= REMEMBERED_DATES) datesOfDays.clear();
    datesOfDays.set(days, date);
  }
  return date;
}

export function isCalendarDate(value: string): boolean {
  try {
    partsOf(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The same day `months` months later; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February). Always counted from the anchor, so a
 * schedule started on the 31st returns to the 31st after a short month.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  return monthlySeries(date, months, months)[0]!;
}

/** addMonths(date, k) for k = first..last, parsing `date` once (a schedule's due dates). */
export function monthlySeries(date: CalendarDate, first: number, last: number): CalendarDate[] {
  const { year, month, day } = partsOf(date);
  const dates: CalendarDate[] = [];
  for (let k = first; k <= last; k++) {
    const index = year * 12 + (month - 1) + k;
    const targetYear = Math.floor(index / 12);
    const targetMonth = (index % 12) + 1;
    dates.push(format({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) }));
  }
  return dates;
}

/** The Taipei calendar day of an instant the caller read from its clock. */
export { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
