import { SANDBOX_CODE_NOT_FOUND, SANDBOX_STORE_TITLE } from '@app/contract/messages/repayments.ts';
import { ntd } from '@app/contract/money-format.ts';
import type { RepaymentRequestRow } from './repayments-repository.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The sandbox's store counter (never in production): a tester types a store code or a
 * virtual account as a clerk or an ATM would, sees the amount, may change it (to try an
 * amount that differs), and pays; the page posts the gateway's signed notification to
 * this server over HTTP and shows what the server acknowledged.
 */
export function sandboxStorePage(options: { code: string; request: RepaymentRequestRow | null; result: string | null }): string {
  const { code, request, result } = options;
  const found = request
    ? `<p>應繳金額：<strong>${ntd(request.amount)}</strong>（${request.channel === 'cvs' ? '超商代碼' : '虛擬帳號'}，` +
      `期限 ${escapeHtml(request.expiresAt?.toISOString() ?? '-')}，狀態 ${escapeHtml(request.state)}）</p>
      <form method="post" action="/sandbox/pay">
        <input type="hidden" name="code" value="${escapeHtml(code)}">
        <label>收款金額 <input name="amount" inputmode="numeric" value="${request.amount}"></label>
        <button type="submit">收款並通知</button>
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
  <label>繳費代碼或虛擬帳號 <input name="code" value="${escapeHtml(code)}" autocomplete="off"></label>
  <button type="submit">查詢</button>
</form>
${found}
${result ? `<p id="result">閘道通知結果：<output>${escapeHtml(result)}</output></p>` : ''}
</body></html>`;
}
