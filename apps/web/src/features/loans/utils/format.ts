const amount = new Intl.NumberFormat('zh-TW', { maximumFractionDigits: 0 });

/** Whole New Taiwan dollars as the pages show them: NT$ 10,000 (never broken across lines). */
export function formatMoney(value: number): string {
  return `NT$\u00a0${amount.format(value)}`;
}

/** Without the currency, for the large figure of the amount card. */
export function formatAmount(value: number): string {
  return amount.format(value);
}

/** A Taipei calendar date (`YYYY-MM-DD`) as the pages show it: 2026/12/23. */
export function formatDate(date: string): string {
  return date.replace(/-/g, '/');
}

/** A rate or APR, percent with two decimals: 15.63%. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}
