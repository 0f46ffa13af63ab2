/**
 * The loan pages' own texts after the home (whose texts are in loan-home.ts): the product
 * list, the application (applyFor) with its quote and the statements before applying, the
 * contract (sign), the handwritten signature and the submitted order (success). Refusals the server gives come with their
 * own message (messages/orders.ts and the loans module's files).
 */

// The product list.
export const PRODUCT_CHOOSE = '選擇此方案';
export const PRODUCT_LIST_INTRO = '選擇適合您的方案，下一步即可試算每期應還金額。';

export function termLabel(term: number, unit: 'day' | 'month'): string {
  return unit === 'day' ? `${term} 天` : `${term} 個月`;
}

// The application (applyFor).
export const APPLY_LOGIN_PROMPT = '登入後即可申請借款';
export const APPLY_PRODUCT = '借款方案';
export const APPLY_AMOUNT = '借款金額';
export const APPLY_AMOUNT_DECREASE = '減少金額';
export const APPLY_AMOUNT_INCREASE = '增加金額';
export const APPLY_TERM = '借款期限';
export const APPLY_CARD = '收款帳戶';
export const APPLY_CARD_ADD = '新增銀行卡';
export const APPLY_CARD_NONE = '尚未綁定銀行卡，請先新增收款帳戶';
export const APPLY_CARD_DEFAULT = '預設';
export const APPLY_CARD_CHOOSE = '選擇收款帳戶';
export const APPLY_PURPOSE = '借款用途';
export const APPLY_PURPOSE_REQUIRED = '請選擇借款用途';
export const APPLY_CARD_REQUIRED = '請選擇收款帳戶';
export const APPLY_NEXT = '下一步';
export const APPLY_NOT_AVAILABLE = '您目前的額度低於此方案的最低借款金額，請選擇其他方案。';
export const APPLY_NO_PRODUCTS = '目前沒有您可申請的方案';
export const APPLY_PENDING_ORDER = '您目前有一筆進行中的借款申請。';
export const APPLY_RESUMED = '已為您帶入上次填寫的內容';

export function amountRangeHint(min: string, max: string, step: string): string {
  return `可借 ${min} – ${max}，每次增減 ${step}`;
}

/** Beside the amount: what it costs each month, or once at the end (from the live quote). */
export function amountInstalmentLine(method: 'singleRepayment' | 'equalInstalments', instalment: string, count: number): string {
  return method === 'singleRepayment' ? `到期一次還款 ${instalment}` : `每月還款約 ${instalment}，共 ${count} 期`;
}

export function creditLimitLine(limit: string): string {
  return `您的可用額度：${limit}`;
}

// The live quote.
export const QUOTE_TITLE = '費用試算';
export const QUOTE_PRINCIPAL = '借款本金';
export const QUOTE_RECEIVED = '實際撥款金額';
export const QUOTE_RECEIVED_NOTE = '全額撥入您的帳戶，不預扣任何費用';
export const QUOTE_INTEREST = '利息';
export const QUOTE_NO_FEES = '無其他費用';
export const QUOTE_TOTAL = '總還款金額';
export const QUOTE_SCHEDULE = '還款計畫';
export const QUOTE_APR = '總費用年百分率';
export const QUOTE_RATE = '約定年利率';
export const QUOTE_UPDATING = '試算中…';
export const QUOTE_FAILED = '試算失敗，請稍後再試';

export function instalmentLabel(number: number, total: number): string {
  return total === 1 ? '到期還款' : `第 ${number} 期`;
}

export function aprCapNote(cap: number): string {
  return `依法總費用年百分率不得超過 ${cap}%`;
}

// The statements before applying (checkTips).
export const TIPS_TITLE = '申請前請確認';
export const TIPS_TOTAL_COST = '借款總成本';
export const TIPS_CANCEL = '再想想';
export const TIPS_CONFIRM = '同意並送出申請';

// The contract (sign).
export const SIGN_INTRO = '請完整閱讀以下借款合約，捲動至最後即可簽署。';
export const SIGN_SCROLL_HINT = '請捲動至合約最後';
export const SIGN_BUTTON = '簽署';
export const SIGN_NO_ORDER = '找不到要簽署的申請';
export const SIGN_FRAME_TITLE = '借款合約內容';
export const SIGN_BACK_HOME = '回到首頁';
export const SIGN_ALREADY_SIGNED = '這筆申請的合約已簽署';
export const SIGN_VIEW_STATUS = '查看申請進度';

// The handwritten signature.
export const SIGNATURE_HINT = '請在框內以正楷簽署您的姓名';
export const SIGNATURE_CLEAR = '清除';
export const SIGNATURE_CONFIRM = '確認';
export const SIGNATURE_EMPTY = '請先於框內簽名';
export const SIGNATURE_SUBMITTING = '正在送出合約…';
export const SIGNATURE_CANVAS_LABEL = '手寫簽名區';

// The submitted order (success).
export const SUCCESS_VIEW_ORDER = '查看訂單';
export const SUCCESS_HOME = '回到首頁';
export const SUCCESS_NO_ORDER = '找不到這筆訂單';
export const SUCCESS_ORDER_NO = '訂單編號';
export const SUCCESS_REVIEWING = '您的申請已送出，系統正在自動審核，結果將於數分鐘內顯示於此頁與訂單中。';
export const SUCCESS_APPROVED = '審核已通過，正在安排撥款至您的帳戶。';
export const SUCCESS_SIGN_FIRST = '合約尚未簽署，簽署後才會送出審核。';
export const SUCCESS_SIGN = '前往簽約';
export const SUCCESS_CANCELLED = '這筆申請已取消。';
export const SUCCESS_REFRESHING = '狀態會自動更新';
export const SUCCESS_STEPS = ['審核中', '已核准', '放款中', '待還款'] as const;

export function disbursingLine(account: string): string {
  return `款項正撥入 ${account}，完成後將通知您。`;
}

export function disbursedLine(amount: string, account: string): string {
  return `${amount} 已全額撥入 ${account}。`;
}

export function firstDueLine(date: string, amount: string): string {
  return `首期還款日 ${date}，應還 ${amount}。`;
}

export function reapplyLine(date: string): string {
  return `您可於 ${date} 起再次申請。`;
}
