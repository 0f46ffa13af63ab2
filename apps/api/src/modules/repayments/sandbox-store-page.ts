import { PAYMENT_STATE_TEXTS } from '@app/contract/messages/order-pages.ts';
import {
  SANDBOX_AMOUNT_DUE,
  SANDBOX_AMOUNT_RECEIVED,
  SANDBOX_CODE_KIND_TEXTS,
  SANDBOX_CODE_LABEL,
  SANDBOX_CODE_NOT_FOUND,
  SANDBOX_EXPIRES,
  SANDBOX_LOOK_UP,
  SANDBOX_PAY,
  SANDBOX_RESULT,
  SANDBOX_STATE,
  SANDBOX_STORE_TITLE,
} from '@app/contract/messages/repayments.ts';
import { ntd } from '@app/contract/money-format.ts';
import { formatTaipeiDateTime } from '../../domain/taipei-time.ts';
import type { RepaymentRequestRow } from './repayments-repository.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What is owed under a code: its kind, its expiry in Taipei time, its state, as the app says them. */
function details(request: RepaymentRequestRow): string {
  return [
    request.channel === 'manual' ? null : SANDBOX_CODE_KIND_TEXTS[request.channel],
    `${SANDBOX_EXPIRES} ${request.expiresAt ? formatTaipeiDateTime(request.expiresAt) : '-'}`,
    `${SANDBOX_STATE} ${PAYMENT_STATE_TEXTS[request.state]}`,
  ]
    .filter((part) => part !== null)
    .join('，');
}

/**
 * The sandbox's store counter (never in production): a tester types a store code or a
 * virtual account as a clerk or an ATM would, sees the amount, may change it (to try an
 * amount that differs), and pays; the page posts the gateway's signed notification to
 * this server over HTTP and shows what the server acknowledged.
 */
export function sandboxStorePage(options: { code: string; request: RepaymentRequestRow | null; result: string | null }): string {
  const { code, request, result } = options;
  const found = request
    ? `<p>${SANDBOX_AMOUNT_DUE}：<strong>${ntd(request.amount)}</strong>（${details(request)}）</p>
      <form method="post" action="/sandbox/pay">
        <input type="hidden" name="code" value="${escapeHtml(code)}">
        <label>${SANDBOX_AMOUNT_RECEIVED} <input name="amount" inputmode="numeric" value="${request.amount}"></label>
        <button type="submit">${SANDBOX_PAY}</button>
      </form>`
    : code
      ? `<p role="alert">${SANDBOX_CODE_NOT_FOUND}</p>`
      : '';
  return `<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${SANDBOX_STORE_TITLE}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem}input{font-size:1rem;padding:.3rem}button{font-size:1rem;margin-top:.5rem}</style>
</head><body>
<h1>${SANDBOX_STORE_TITLE}</h1>
<form method="get" action="/sandbox/cvs">
  <label>${SANDBOX_CODE_LABEL} <input name="code" value="${escapeHtml(code)}" autocomplete="off"></label>
  <button type="submit">${SANDBOX_LOOK_UP}</button>
</form>
${found}
${result ? `<p id="result">${SANDBOX_RESULT}：<output>${escapeHtml(result)}</output></p>` : ''}
</body></html>`;
}
