/**
 * The order pages' own texts: the order list (訂單 tab), an order's detail, the pay page
 * (amount choices, channels, the issued code or account, early payoff, extension, manual
 * transfer), the signed contract and the in-app web view. Refusals the server gives come
 * with their own message (messages/orders.ts and the repayment module's files).
 */

import { ntd } from '../money-format.ts';

// Order list.
export const ORDER_LIST_TABS = { all: '全部', 審核中: '審核中', 待還款: '待還款', 已逾期: '已逾期', 已結清: '已結清' } as const;
export const ORDER_LIST_LOGIN_PROMPT = '登入後即可查看您的訂單';
export const ORDER_LIST_EMPTY = '目前還沒有訂單';
export const ORDER_LIST_EMPTY_TAB = '此分類目前沒有訂單';
export const ORDER_LIST_EMPTY_HINT = '申請借款後，訂單會顯示在這裡。';
export const ORDER_LIST_APPLY = '前往申請';
export const ORDER_LIST_NO_MORE = '沒有更多訂單了';
export const ORDER_LIST_LOADING_MORE = '載入中…';
export const ORDER_LIST_LOAD_FAILED = '載入失敗，請稍後再試';
export const ORDER_CARD_PRINCIPAL = '借款金額';
export const ORDER_CARD_DUE_DATE = '到期日';
export const ORDER_CARD_DUE_AMOUNT = '本期應還';
export const ORDER_CARD_OUTSTANDING = '尚欠金額';
export const ORDER_CARD_APPLIED_ON = '申請日期';
export const ORDER_CARD_ORDER_NO = '訂單編號';

// Actions (list cards and detail).
export const ORDER_ACTION_SIGN = '簽署';
export const ORDER_ACTION_REPAY = '還款';
export const ORDER_ACTION_EXTEND = '展期';
/** 展期 before its window opens: from when it can be asked for. */
export function extensionOpensText(date: string): string {
  return `可於 ${date} 起申請展期`;
}
export const ORDER_ACTION_CONTRACT = '查看合約';
export const ORDER_ACTION_CANCEL = '取消申請';
export const ORDER_CANCEL_CONFIRM_TITLE = '取消這筆申請？';
export const ORDER_CANCEL_CONFIRM_TEXT = '取消後不會撥款，也不會產生任何費用；之後仍可重新申請。';
export const ORDER_CANCEL_CONFIRM_OK = '確定取消';
export const ORDER_CANCEL_CONFIRM_KEEP = '保留申請';
export const ORDER_CANCELLED = '已取消這筆申請';
export const ORDER_ACTION_DETAIL = '查看詳情';

// Order detail.
export const ORDER_DETAIL_NO_ORDER = '找不到此訂單，請從訂單列表重新進入';
export const ORDER_DETAIL_BACK_TO_LIST = '返回訂單列表';
export const ORDER_DETAIL_TERMS = '借款資訊';
export const ORDER_DETAIL_PRODUCT = '借款方案';
export const ORDER_DETAIL_PRINCIPAL = '借款金額';
export const ORDER_DETAIL_TERM = '借款期限';
export const ORDER_DETAIL_METHOD = '還款方式';
export const ORDER_DETAIL_METHOD_SINGLE = '到期一次還本付息';
export const ORDER_DETAIL_METHOD_INSTALMENTS = '每月等額本息攤還';
export const ORDER_DETAIL_RATE = '年利率';
export const ORDER_DETAIL_APR = '總費用年百分率';
export const ORDER_DETAIL_APR_NOTE = '總費用年百分率不等於借款利率，已計入所有費用。';
export const ORDER_DETAIL_INTEREST = '利息';
export const ORDER_DETAIL_TOTAL = '應還總額';
export const ORDER_DETAIL_ACCOUNT = '收款帳戶';
export const ORDER_DETAIL_PURPOSE = '借款用途';
export const ORDER_DETAIL_DISBURSED_ON = '撥款日';
export const ORDER_DETAIL_NEXT_DUE = '下期到期日';
export const ORDER_DETAIL_OUTSTANDING = '尚欠金額';
export const ORDER_DETAIL_EXTENSIONS = '已展期次數';
export const ORDER_DETAIL_SCHEDULE = '還款計畫';
export const ORDER_DETAIL_SCHEDULE_EMPTY = '撥款後會依撥款日產生還款計畫。';
export const ORDER_DETAIL_PAYMENTS = '繳費紀錄';
export const ORDER_DETAIL_PAYMENTS_EMPTY = '尚無繳費紀錄';
export const ORDER_DETAIL_EVENTS = '訂單進度';
export const ORDER_DETAIL_COOL_DOWN = '可再次申請日期';
/** An overpayment the order keeps for the borrower; the amount follows. */
export const ORDER_DETAIL_CREDIT_KEPT = '溢繳金額（已為您保留，請聯絡客服辦理退款）';
export const ORDER_DETAIL_CREDIT_REFUNDED = '溢繳金額已退還至您的收款帳戶';
export const ORDER_INSTALMENT_STATES = { unpaid: '未還', partlyPaid: '部分已還', paid: '已還', overdue: '已逾期' } as const;
export const ORDER_INSTALMENT_PRINCIPAL = '本金';
export const ORDER_INSTALMENT_INTEREST = '利息';
export const ORDER_INSTALMENT_FEE = '費用';
export const ORDER_INSTALMENT_OVERDUE = '逾期利息';
export const ORDER_INSTALMENT_PAID = '已還';

export function instalmentTitle(number: number, dueDate: string): string {
  return `第 ${number} 期 · ${dueDate}`;
}

export function termText(term: number, unit: 'day' | 'month'): string {
  return unit === 'day' ? `${term} 天` : `${term} 個月`;
}

export function extensionsText(used: number): string {
  return `${used} 次`;
}

// Payments (detail and pay page).
export const PAYMENT_STATE_TEXTS = {
  pending: '待繳費',
  paid: '已入帳',
  expired: '已逾時',
  held: '金額不符，審核中',
  awaitingConfirmation: '待確認',
  rejected: '未通過',
  notNeeded: '已結清，無需繳費',
} as const;
export const PAYMENT_KIND_TEXTS = {
  nextInstalment: '本期應還',
  allDue: '全部到期金額',
  payoff: '提前全部結清',
  payoffPart: '分次結清',
  extension: '展期',
} as const;
export const PAYMENT_CHANNEL_TEXTS = { cvs: '超商代碼', atm: 'ATM 轉帳', manual: '自行匯款' } as const;

// Pay page.
export const ORDER_PAY_NOT_REPAYABLE = '此訂單目前沒有需要繳納的款項';
export const ORDER_PAY_MODE_REPAY = '還款';
export const ORDER_PAY_MODE_EXTEND = '展期';
export const ORDER_PAY_AMOUNT_TITLE = '選擇還款金額';
export const ORDER_PAY_CHANNEL_TITLE = '選擇還款方式';
export const ORDER_PAY_NO_CHOICES = '目前沒有可繳納的金額';
export const ORDER_PAY_PAYOFF_INTEREST_UNTIL = '利息計算至';
export const ORDER_PAY_PAYOFF_SAVED = '提前結清可省利息';
export const ORDER_PAY_PAYOFF_BREAKDOWN = '本金、利息與費用明細';
export const ORDER_PAY_FEE_NONE = '免手續費';
export const ORDER_PAY_CHOOSE_AMOUNT_FIRST = '請先選擇還款金額';
export const ORDER_PAY_CHOOSE_CHANNEL_FIRST = '請先選擇還款方式';
export const ORDER_PAY_ISSUE_CVS = '取得超商繳費代碼';
export const ORDER_PAY_ISSUE_ATM = '取得轉帳帳號';
export const ORDER_PAY_MANUAL_GO = '填寫匯款資料';
/** The amount to pay, named as the issued code names it (繳費金額): the payer's fee is never added in. */
export const ORDER_ACTION_SETTLEMENT_CERTIFICATE = '下載結清證明';
export const ORDER_PAY_TOTAL = '繳費金額';
export const ORDER_PAY_ISSUE_PART_CVS = '取得本筆超商繳費代碼';
export const ORDER_PAY_ISSUE_PART_ATM = '取得本筆轉帳帳號';

/** The payer's fee, paid on top to the store or the bank, never part of 繳費金額. */
export function payerFeeNote(fee: number): string {
  return `另付手續費 ${ntd(fee)}（由超商或銀行向付款人收取，不含於繳費金額）`;
}

/** A payoff over the channel's limit: the part a code is issued for now, and what is left after it. */
export function payoffPartText(channelName: string, max: number, part: number, leftAfter: number): string {
  const after = leftAfter > 0 ? `，繳後尚欠約 ${ntd(leftAfter)}` : '，繳完即結清';
  return `全部結清超過${channelName}單筆上限 ${ntd(max)}，分次繳納：本筆 ${ntd(part)}${after}（已繳部分不再計息）`;
}

export function payoffPartsCoveredText(covered: number): string {
  return `已取得的分次代碼合計 ${ntd(covered)}，繳費後會自動更新`;
}

export function channelLimitText(min: number, max: number): string {
  return `單筆 ${ntd(min)} – ${ntd(max)}`;
}

export function channelFeeText(fee: number): string {
  return `付款手續費 ${ntd(fee)}（由付款人負擔）`;
}

/** A payoff over the limit of a channel that takes it in parts. */
export function channelInPartsText(max: number): string {
  return `超過單筆上限 ${ntd(max)}，可分次繳納`;
}

export function channelOverLimitText(max: number): string {
  return `金額超過此方式單筆上限 ${ntd(max)}，請改選其他方式或先繳本期應還`;
}

export function channelUnderLimitText(min: number): string {
  return `金額低於此方式單筆下限 ${ntd(min)}，請改選其他方式`;
}

export function validHoursText(hours: number): string {
  return `取得後 ${hours} 小時內有效`;
}

// The issued code or account.
export const ISSUED_TITLE_CVS = '超商繳費代碼';
export const ISSUED_TITLE_ATM = '轉帳資訊';
export const ISSUED_STORE_CODE = '繳費代碼';
export const ISSUED_BANK = '銀行代碼';
export const ISSUED_ACCOUNT = '轉帳帳號';
export const ISSUED_AMOUNT = '繳費金額';
export const ISSUED_KIND = '繳費項目';
export const ISSUED_EXPIRES_AT = '繳費期限';
export const ISSUED_TIME_LEFT = '剩餘時間';
export const ISSUED_EXPIRED = '此代碼已逾時，請重新取得';
export const ISSUED_PAID = '已收到您的款項，謝謝！';
export const ISSUED_NOT_NEEDED = '借款已結清，這筆款項無需再繳。';
export const ISSUED_COPY = '複製';
export const ISSUED_CVS_HOW = '請於期限內至 7-ELEVEN、全家、萊爾富或 OK 超商的多媒體機台輸入繳費代碼，列印繳費單後至櫃檯繳費。';
export const ISSUED_ATM_HOW = '請於期限內以 ATM 或網路銀行轉帳至以上帳號，金額須與繳費金額相同。';
export const ISSUED_WAITING = '繳費後約數分鐘內入帳，入帳後訂單會自動更新。';
/** Outside production, the link to the sandbox's counter, named after what it simulates for this code. */
export const ISSUED_SANDBOX_LINK_TEXTS = { cvs: '測試環境：模擬超商繳費', atm: '測試環境：模擬 ATM 轉帳' } as const;
export const ISSUED_NEW = '改用其他金額或方式';
export const ISSUED_OPEN_TITLE = '尚未繳費的代碼';

/** Time left of a code: 「2 天 23 小時 59 分」 from a day up, 「23 小時 59 分 59 秒」 below. */
export function countdownText(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return d > 0 ? `${d} 天 ${h} 小時 ${pad(m)} 分` : `${h} 小時 ${pad(m)} 分 ${pad(s)} 秒`;
}

// Extension.
export const EXTENSION_TITLE = '展期試算';
export const EXTENSION_INTRO = '展期須先繳清目前已產生的利息與展期手續費，繳費入帳後到期日才會延後。';
export const EXTENSION_ACCRUED = '已產生利息';
export const EXTENSION_FEE = '展期手續費';
export const EXTENSION_DUE_NOW = '本次應繳';
export const EXTENSION_CURRENT_DUE = '目前到期日';
export const EXTENSION_NEW_DUE = '展期後到期日';
export const EXTENSION_COUNT = '展期次數';
export const EXTENSION_APR = '含展期總費用年百分率';
export const EXTENSION_NOT_ALLOWED = '目前無法展期';
export const EXTENSION_CONSENT = '我已了解展期的費用與新的到期日，確定要申請展期';
export const EXTENSION_CONSENT_REQUIRED = '請先勾選確認展期';
export const EXTENSION_CONFIRM_TITLE = '確認展期';
export const EXTENSION_CONFIRM_OK = '確認展期';
export const EXTENSION_CONFIRM_CANCEL = '再想想';
export const EXTENSION_SUBMIT_CVS = '確認展期並取得超商代碼';
export const EXTENSION_SUBMIT_ATM = '確認展期並取得轉帳帳號';

export function extensionCountText(used: number, max: number): string {
  return `已展期 ${used} 次／最多 ${max} 次`;
}

export function extensionAprText(apr: number, cap: number): string {
  return `${apr.toFixed(2)}%（法定上限 ${cap.toFixed(2)}%）`;
}

export function extensionConfirmText(amount: number, newDueDate: string): string {
  return `繳納 ${ntd(amount)} 後，到期日將延至 ${newDueDate}。確定要展期嗎？`;
}

// Manual transfer.
export const MANUAL_TITLE = '已自行匯款？上傳匯款資料';
export const MANUAL_INTRO = '若您已自行匯款至本公司帳戶，請填寫以下資料，經人工確認後入帳（顯示「待確認」）。';
export const MANUAL_AMOUNT = '匯款金額';
export const MANUAL_AMOUNT_PLACEHOLDER = '請輸入匯款金額';
export const MANUAL_DATE = '匯款日期';
export const MANUAL_DATE_PLACEHOLDER = '請選擇匯款日期';
export const MANUAL_LAST5 = '帳號末五碼';
export const MANUAL_LAST5_PLACEHOLDER = '請輸入 5 位數字';
export const MANUAL_RECEIPT = '匯款收據照片';
export const MANUAL_RECEIPT_HINT = '請拍下完整的收據或轉帳成功畫面';
export const MANUAL_RECEIPT_REQUIRED = '請上傳匯款收據照片';
export const MANUAL_AMOUNT_INVALID = '請輸入正確的匯款金額（整數）';
export const MANUAL_LAST5_INVALID = '請輸入帳號末五碼（5 位數字）';
export const MANUAL_DATE_REQUIRED = '請選擇匯款日期';
export const MANUAL_SUBMIT = '送出匯款資料';
export const MANUAL_SUBMITTED = '已送出，待人工確認';

// Contract.
export const ORDER_CONTRACT_FRAME_TITLE = '已簽署的借款合約';
export const ORDER_CONTRACT_DOWNLOAD = '下載合約 PDF';
export const ORDER_CONTRACT_DOWNLOADED = '已開始下載';
export const ORDER_CONTRACT_DOWNLOAD_FAILED = '下載失敗，請稍後再試';
export const ORDER_CONTRACT_NOT_SIGNED = '此訂單尚未簽署合約';

export function contractFileName(orderNo: string): string {
  return `借款合約-${orderNo}.pdf`;
}

// Web view.
export const WEB_VIEW_REFUSED = '無法開啟此網址';
export const WEB_VIEW_REFUSED_HINT = '為了您的安全，只能開啟 https 開頭的網址。';
export const WEB_VIEW_OPEN_OUTSIDE = '若頁面無法顯示，請點此在瀏覽器開啟';
