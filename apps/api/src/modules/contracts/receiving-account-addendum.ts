import {
  PAYOUT_ADDENDUM_CONFIRMED,
  PAYOUT_ADDENDUM_INTRO,
  PAYOUT_ADDENDUM_LABELS,
  PAYOUT_ADDENDUM_PAID_TITLE,
  PAYOUT_ADDENDUM_TITLE,
  payoutAccountAddendumText,
  payoutAddendumChangeTitle,
  payoutAddendumNotPaid,
  payoutAddendumPaidTo,
  payoutAddendumTime,
} from '@app/contract/messages/payout-account.ts';
import { formatTaipeiDateTime } from '../../domain/taipei-time.ts';
import type { LoanOrder, listReceivingAccountChanges } from '../orders/index.ts';
import { date, esc } from './templates/contract-format.ts';

type Change = Awaited<ReturnType<typeof listReceivingAccountChanges>>[number];

/**
 * The signed contract's addendum for the receiving-account changes after it was signed
 * (decision 0174): each change as the borrower confirmed it in the app (when, the account
 * before and after, masked, the words confirmed), then the account the money was paid to —
 * the order's account once paid out, since the account can change only while the payout is
 * failed and not retried. Written in the templates' markup (the PDF reads h2, p and two-cell
 * rows) and their `.loan-contract` styles, as a second article after the signed one.
 * Nothing when the account never changed.
 */
export function receivingAccountAddendum(changes: readonly Change[], order: Pick<LoanOrder, 'bankAccountLabel' | 'disbursedOn'>): string {
  if (changes.length === 0) return '';
  const L = PAYOUT_ADDENDUM_LABELS;
  const row = (label: string, value: string) => `<tr><th>${esc(label)}</th><td>${value}</td></tr>`;
  const changeTables = changes
    .map((change, i) => {
      const text = change.confirmedText ?? payoutAccountAddendumText({ from: change.from, to: change.to });
      return (
        (changes.length > 1 ? `<p><strong>${esc(payoutAddendumChangeTitle(i + 1))}</strong></p>` : '') +
        `<div class="table"><table class="facts"><tbody>` +
        row(L.at, esc(payoutAddendumTime(formatTaipeiDateTime(change.at)))) +
        row(L.from, esc(change.from)) +
        row(L.to, esc(change.to)) +
        row(L.confirmed, esc(PAYOUT_ADDENDUM_CONFIRMED)) +
        row(L.text, esc(text)) +
        `</tbody></table></div>`
      );
    })
    .join('');
  const paid = order.disbursedOn
    ? payoutAddendumPaidTo(date(order.disbursedOn), esc(order.bankAccountLabel))
    : esc(payoutAddendumNotPaid(order.bankAccountLabel));
  return (
    `<article class="loan-contract contract-addendum" data-addendum="receiving-account">` +
    `<section><h2>${esc(PAYOUT_ADDENDUM_TITLE)}</h2><p class="small">${esc(PAYOUT_ADDENDUM_INTRO)}</p>${changeTables}</section>` +
    `<section><h2>${esc(PAYOUT_ADDENDUM_PAID_TITLE)}</h2><p data-testid="contract-paid-to">${paid}</p></section>` +
    `</article>`
  );
}

/** The stored contract with the addendum after it (before `</body>`), the stored text itself untouched. */
export function withAddendum(html: string, addendum: string): string {
  if (!addendum) return html;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${addendum}` : `${html.slice(0, end)}${addendum}${html.slice(end)}`;
}
