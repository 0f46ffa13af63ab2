import { peopleDate, rocDate } from '@app/contract/date-format.ts';

const dateTime = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An instant as Taipei time, 2026/11/25 14:05. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** A calendar date (`YYYY-MM-DD`) as the app writes it for people, 2026/11/30. */
export function formatDate(date: string | null | undefined): string {
  return date ? peopleDate(date) : '—';
}

/**
 * The date pickers' format, as the tables write dates: 2026/11/30 shown; typed with slashes or
 * dashes alike (the first is the one shown).
 */
export const DATE_INPUT_FORMAT = ['YYYY/MM/DD', 'YYYY-MM-DD'];

/** A birth date both ways, to read against the ID card: 1990/12/27（民國 79 年 12 月 27 日）. */
export function formatBirthDate(date: string | null | undefined): string {
  return date ? `${peopleDate(date)}（${rocDate(date)}）` : '—';
}

/** NT$ 12,345. */
export function formatMoney(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : `NT$ ${amount.toLocaleString('en-US')}`;
}

export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : score.toFixed(2);
}

/** A rate from its two counts, 12.3 %; — when there is nothing to divide by. */
export function formatRate(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`;
}
