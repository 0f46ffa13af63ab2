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
