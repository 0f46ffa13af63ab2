import { groupThousands, ntd } from '@app/contract/money-format.ts';
import { peopleDate, rocDate } from '@app/contract/date-format.ts';
import { taipeiCalendarDate, taipeiWallClock } from '@app/contract/taipei-time.ts';

/**
 * How every page writes money, rates, dates and times (one look across the app):
 * NT$ 12,345 with a no-break space, 15.63%, Taipei dates 2026/12/23 and times
 * 2026/12/23 14:05. The API speaks whole dollars, `YYYY-MM-DD` calendar dates (Taipei)
 * and ISO times; these only change how they read.
 */
/** Whole New Taiwan dollars: NT$ 10,000 (never broken across lines), as the server's texts write them. */
export function formatMoney(value: number): string {
  return ntd(value);
}

/** An amount after its label, never broken between them: 利息 NT$ 89 (no-break spaces). */
export function formatLabelledMoney(label: string, value: number): string {
  return `${label}\u00a0${ntd(value)}`;
}

/** Without the currency, for a large figure beside its own label: 10,000. */
export function formatAmount(value: number): string {
  return groupThousands(value);
}

/** A rate or APR, percent with two decimals: 15.63%. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/**
 * The one date form for people: a calendar date (`YYYY-MM-DD`, already Taipei's) or an
 * ISO time (read in Taipei) → 2026/12/23. What is not a date is shown as given.
 */
export function formatDate(date: string): string {
  return peopleDate(date);
}

/** A date as the ID card prints it: `1990-12-27` → 民國 79 年 12 月 27 日. */
export function formatRocDate(date: string): string {
  return rocDate(date);
}

function taipei(iso: string): { date: string; time: string } | null {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : taipeiWallClock(at);
}

/** An ISO time as Taipei's date and time: 2026/11/23 14:05 (unreadable input as given). */
export function formatTime(iso: string): string {
  const at = taipei(iso);
  return at ? `${formatDate(at.date)} ${at.time.slice(0, 5)}` : iso;
}

/** An ISO time's Taipei date: 2026/11/23. */
export function formatTimeDate(iso: string): string {
  const at = taipei(iso);
  return at ? formatDate(at.date) : iso;
}

/** Today in Taipei as a calendar date (`YYYY-MM-DD`), whatever the device's time zone. */
export function taipeiToday(now = new Date()): string {
  return taipeiCalendarDate(now);
}
