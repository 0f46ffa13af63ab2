/**
 * A failed payout and the borrower's change of the order's receiving account (decision
 * 0169): the bank's reason in plain words, the order page's texts, and the refusals of
 * order/changePayoutAccount.
 */

/** What a failed payout's reason says about the account. */
export const PAYOUT_FAILURE_KINDS = ['accountClosed', 'holderName', 'accountRestricted', 'accountNumber', 'other'] as const;
export type TPayoutFailureKind = (typeof PAYOUT_FAILURE_KINDS)[number];

/** The bank's (or gateway's) reason as the borrower reads it. */
export const PAYOUT_FAILURE_REASONS: Record<TPayoutFailureKind, string> = {
  accountClosed: '收款帳戶已結清（銷戶），銀行無法入帳',
  holderName: '收款帳戶的戶名與您的姓名不符，銀行無法入帳',
  accountRestricted: '收款帳戶為靜止戶或暫停交易，銀行無法入帳',
  accountNumber: '收款帳號有誤或不存在，銀行無法入帳',
  other: '收款銀行暫時無法入帳',
};

/**
 * The kind of a failed payout's result code (`bank:<the bank's reason>` from a result file,
 * or a gateway's code): the account's fault when its words say so — closed, the holder's
 * name, a dormant or frozen account, a wrong or missing number — else `other` (a passing
 * failure: the bank's system, a cut-off), which finance retries to the same account.
 */
export function payoutFailureKind(resultCode: string): TPayoutFailureKind {
  const reason = resultCode.replace(/^bank:/, '').toLowerCase();
  if (/結清|銷戶|已關閉|已結束|closed/.test(reason)) return 'accountClosed';
  if (/戶名|名稱不符|name/.test(reason)) return 'holderName';
  if (/靜止|警示|凍結|止付|暫停|dormant|frozen|suspend/.test(reason)) return 'accountRestricted';
  if (/帳號|賬號|無此|不存在|account/.test(reason)) return 'accountNumber';
  return 'other';
}

/** Whether the borrower is asked for another account (the account is the reason it failed). */
export const isAccountFailure = (kind: TPayoutFailureKind): boolean => kind !== 'other';

// The order page.
export const PAYOUT_FAILED_TITLE = '撥款失敗';
/** The heading once the borrower gave another account: the money waits for the lender's retry. */
export const PAYOUT_AWAITING_RETRY_TITLE = '已更換收款帳戶，等待重新撥款';
export const PAYOUT_FAILED_ASK_ACCOUNT = '請更換收款帳戶：選擇您的其他帳戶或新增一個，我們會再撥款到新的帳戶。';
export const PAYOUT_FAILED_WILL_RETRY = '我們會盡快重新撥款；若您想改撥到其他帳戶，也可以更換收款帳戶。';
export function payoutAccountChangedText(label: string): string {
  return `您已將收款帳戶更換為 ${label}，我們將盡快重新撥款到此帳戶。`;
}
export const PAYOUT_CHANGE_ACCOUNT = '更換收款帳戶';

// The loans home (decision 0173): the open order's failed payout, in its own chunk; the reason comes in words from the API.
export const HOME_PAYOUT_FAILED_TITLE = '撥款失敗：款項未能轉入您的帳戶';
export function homePayoutFailedAccount(label: string): string {
  return `收款帳戶：${label}`;
}
export const HOME_PAYOUT_ASK_ACCOUNT = '請更換收款帳戶。更換後，我們會盡快重新撥款到新的帳戶；借款金額與還款條件都不變。';
export const HOME_PAYOUT_WILL_RETRY = '我們會盡快重新撥款到同一帳戶，您不需要做任何事；若想改撥到其他帳戶，也可以更換。';
export const HOME_PAYOUT_CHANGE_ACCOUNT = '更換收款帳戶';
export const HOME_PAYOUT_RETRY_TITLE = '已更換收款帳戶，重新撥款中';
export function homePayoutRetryText(label: string): string {
  return `我們將盡快重新撥款到 ${label}，入帳後這裡會顯示您的還款資訊。`;
}

// The change page.
export const PAYOUT_ACCOUNT_PAGE_TITLE = '更換收款帳戶';
export const PAYOUT_ACCOUNT_PAGE_INTRO =
  '選擇要收款的帳戶。帳戶必須是您本人的帳戶；只有這筆訂單的收款帳戶會更換，借款金額與還款條件都不變。';
export const PAYOUT_ACCOUNT_CURRENT = '撥款失敗的帳戶';
export const PAYOUT_ACCOUNT_CHOOSE = '使用此帳戶';
export const PAYOUT_ACCOUNT_ADD = '新增銀行帳戶';
export const PAYOUT_ACCOUNT_NONE_OTHER = '您目前沒有其他銀行帳戶，請新增一個。';
export const PAYOUT_ACCOUNT_CONFIRM_TITLE = '更換收款帳戶？';
export function payoutAccountConfirmText(label: string): string {
  return `這筆訂單將改撥款到 ${label}。`;
}
/** Said in the confirmation above the addendum it shows (decision 0174). */
export const PAYOUT_ACCOUNT_CONFIRM_ADDENDUM = '確定後，以下內容將作為借款契約的附錄保存：';
/**
 * The contract's addendum for one change, as the borrower confirms it in the app and as it
 * is kept (decision 0174): the accounts masked, nothing else of the contract changed.
 */
export function payoutAccountAddendumText(options: { from: string; to: string }): string {
  return `本借款契約之撥款收款帳戶由 ${options.from} 變更為 ${options.to}；借款金額、利率、費用及還款條件均不變，契約其他約定繼續有效。`;
}
export const PAYOUT_ACCOUNT_CONFIRM_OK = '確定更換';
export const PAYOUT_ACCOUNT_CONFIRM_KEEP = '再想想';
export const PAYOUT_ACCOUNT_CHANGED = '已更換收款帳戶';
export const PAYOUT_ACCOUNT_NOT_CHANGEABLE = '這筆訂單目前無法更換收款帳戶';
export const PAYOUT_ACCOUNT_BACK_TO_ORDER = '返回訂單';

// Refusals of order/changePayoutAccount.
/** The order's payout is not failed (waiting, sent, paid, or retried already): nothing changes. */
export const PAYOUT_ACCOUNT_NOT_FAILED = '這筆訂單的撥款未失敗或已重新撥款，無法更換收款帳戶';
/** The account chosen is the one the payout failed to. */
export const PAYOUT_ACCOUNT_SAME = '這是目前的收款帳戶，請選擇另一個帳戶';

// The contract's addendum (decision 0174): after the signed text, which stays as signed.
export const PAYOUT_ADDENDUM_TITLE = '附錄：收款帳戶變更';
export const PAYOUT_ADDENDUM_INTRO =
  '以下為簽約後收款帳戶的變更，由借款人於 App 確認後記錄。上方契約為簽約時的原文，未經修改；除收款帳戶外，契約其他約定均不變。';
export const PAYOUT_ADDENDUM_LABELS = {
  at: '變更時間',
  from: '原收款帳戶',
  to: '新收款帳戶',
  confirmed: '確認方式',
  text: '確認內容',
} as const;
export const PAYOUT_ADDENDUM_CONFIRMED = '借款人本人於 App 確認';
export function payoutAddendumTime(time: string): string {
  return `${time}（臺北時間）`;
}
export function payoutAddendumChangeTitle(number: number): string {
  return `變更${number === 1 ? '' : ` ${number}`}`;
}
export const PAYOUT_ADDENDUM_PAID_TITLE = '實際撥款帳戶';
export function payoutAddendumPaidTo(date: string, label: string): string {
  return `借款已於 ${date} 全額撥入 ${label}。`;
}
export function payoutAddendumNotPaid(label: string): string {
  return `撥款尚未完成；目前的收款帳戶為 ${label}。`;
}

// Timeline lines (the borrower's and the console's).
export function payoutFailedEventText(reason: string): string {
  return `撥款失敗：${reason}`;
}
export function payoutAccountChangedEventText(label: string): string {
  return `收款帳戶已更換為 ${label}`;
}

/**
 * The SMS that tells the borrower a payout failed (sent once per failed attempt, between
 * 07:00 and 22:00 Taipei): the reason in words and what happens next — another account
 * asked for when the account is why, else the lender's retry. No amount, no account number.
 */
export function payoutFailedSms(options: { productName: string; orderNo: string; reason: string; accountProblem: boolean }): string {
  const next = options.accountProblem
    ? '請開啟 App 到訂單頁更換收款帳戶，我們會再撥款到新的帳戶。'
    : '我們會盡快重新撥款，您不需要做任何事。';
  return `【${options.productName}】您的借款（訂單 ${options.orderNo}）撥款未成功：${options.reason}。${next}`;
}
