const money = new Intl.NumberFormat('en-US');

/** NT$ 12,345 (whole dollars). */
export function formatMoney(amount: number): string {
  return `NT$ ${money.format(amount)}`;
}

/** 12.34% */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

/** An ISO time as a Taipei date and time: 2026-11-23 14:05. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** An ISO time's Taipei calendar date: 2026-11-23. */
export function formatDate(iso: string): string {
  return formatTime(iso).slice(0, 10);
}

/** Today in Taipei, YYYY-MM-DD. */
export function taipeiToday(now = new Date()): string {
  return formatDate(now.toISOString());
}
