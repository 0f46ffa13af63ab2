import { peopleDate } from '@app/contract/date-format.ts';
import { escapeHtml } from '../../../plugins/envelope-codec.ts';

/** Formatting shared by the contract templates: every value leaves here HTML-escaped. */

const MONEY = new Intl.NumberFormat('zh-TW', { maximumFractionDigits: 0 });

/** The ideographic space between an article number and its title, and between header items. */
export const GAP = '\u3000';

/** Escapes a value for HTML text or a quoted attribute. */
export const esc = (value: string | number): string => escapeHtml(String(value));

/** `新臺幣 12,345 元`. */
export const ntd = (amount: number): string => `新臺幣 ${esc(MONEY.format(amount))} 元`;

/** `12,345`, for table cells. */
export const amount = (value: number): string => esc(MONEY.format(value));

/** Percent with two decimals: `12.68%`. */
export const percent = (value: number): string => `${esc(value.toFixed(2))}%`;

/** A share of the principal as configured (0.25 → `0.25%`), without padding. */
export const plainPercent = (value: number): string => `${esc(String(Number(value.toFixed(4))))}%`;

/** `2026-11-23` → `2026/11/23`, the one date form for people, in the text and the tables alike. */
export const date = (value: string): string => esc(peopleDate(value));

/**
 * The receiving bank and branch as one name: the directory's branch names already begin
 * with the bank's (玉山商業銀行板橋分行), which is then not printed twice.
 */
export function bankAndBranch(bankName: string, branchName: string | null): string {
  if (!branchName) return esc(bankName);
  return esc(branchName.startsWith(bankName) ? branchName : `${bankName} ${branchName}`);
}

/** Chinese article numbers: 1 → 一, 12 → 十二, 20 → 二十. */
export function chineseNumber(n: number): string {
  const digits = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  if (n < 10) return digits[n] ?? String(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : (digits[tens] ?? '')}十${ones === 0 ? '' : (digits[ones] ?? '')}`;
}
