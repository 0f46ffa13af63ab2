/** Loans: products, home data, quotes and the application (server texts). */

import { peopleDate } from '../date-format.ts';
import { ntd } from '../money-format.ts';

function termsText(terms: readonly number[], unit: 'day' | 'month'): string {
  return `${terms.join('／')} ${unit === 'day' ? '天' : '個月'}`;
}

export const PRODUCT_NOT_FOUND = '找不到此貸款產品，請重新選擇';

// Quote refusals (adjust, checkTips, apply): each names what is allowed.
export function quoteAmountOutOfRange(min: number, max: number): string {
  return `借款金額須介於 ${ntd(min)} 至 ${ntd(max)} 之間`;
}

export function quoteAmountOffStep(min: number, step: number): string {
  return `借款金額須自 ${ntd(min)} 起、以 ${ntd(step)} 為單位增減`;
}

export function quoteTermNotOffered(terms: readonly number[], unit: 'day' | 'month'): string {
  return `借款期限僅可選擇 ${termsText(terms, unit)}`;
}

export function quoteAprOverCap(apr: number, capPercent: number): string {
  return `此條件的總費用年百分率 ${apr.toFixed(2)}% 超過法定上限 ${capPercent}%，無法借款`;
}

export function quoteOverCreditLimit(limit: number): string {
  return `借款金額超過您的可用額度 ${ntd(limit)}`;
}

// The application.
export const LOAN_ONBOARDING_REQUIRED = '請先完成全部認證步驟，再申請借款';
export const LOAN_PURPOSE_INVALID = '請選擇借款用途';
export const LOAN_CONTRACT_NOT_SIGNED = '請先簽署借款合約，再送出申請';
export const POPUP_NOT_FOUND = '找不到此公告';
/** The data list's line for the days a home popup was closed. */
export const POPUP_DATA_LIST_LABEL = '首頁公告關閉紀錄（筆數）';

export function loanCoolDown(until: string): string {
  return `很抱歉，您目前暫時無法申請，請於 ${until} 起再次申請`;
}

/** What the borrower may say the money is for (code stored, label shown). */
export const LOAN_PURPOSES = [
  { code: 'living', label: '生活周轉' },
  { code: 'medical', label: '醫療支出' },
  { code: 'education', label: '教育進修' },
  { code: 'family', label: '家庭支出' },
  { code: 'other', label: '其他' },
] as const;

// APR disclosure.
export function aprDisclosureLine(minPercent: number, maxPercent: number, capPercent: number): string {
  const range = minPercent === maxPercent ? `${minPercent.toFixed(2)}%` : `${minPercent.toFixed(2)}% – ${maxPercent.toFixed(2)}%`;
  return `總費用年百分率 ${range}（依法上限 ${capPercent}%）。總費用年百分率不等於借款利率，實際以試算及契約為準。`;
}

export function aprFootnote(baseDate: string): string {
  return `總費用年百分率不等於借款利率。本試算以 ${peopleDate(baseDate)} 全額撥款、依約按期還款為例計算，已含利息及所有應付費用（逾期違約金等不在內）；實際以撥款日及契約為準。`;
}

// The statements before applying (checkTips).
export const TIP_TOTAL_COST_TITLE = '總費用';
export const TIP_APR_TITLE = '總費用年百分率';
export const TIP_REVIEW_PERIOD_TITLE = '契約審閱期';
export const TIP_EARLY_REPAYMENT_TITLE = '提前清償';

export function totalCostTip(principal: number, interest: number, fees: number, total: number): string {
  return `借款本金 ${ntd(principal)} 全額撥入您的帳戶，不預扣任何費用；利息 ${ntd(interest)}、其他費用 ${ntd(fees)}，總還款金額 ${ntd(total)}。`;
}

export function aprTip(aprPercent: number, capPercent: number, footnote: string): string {
  return `${aprPercent.toFixed(2)}%（依法上限 ${capPercent}%）。${footnote}`;
}

export function reviewPeriodTip(days: number): string {
  return `依消費者保護法第 11 條之 1，您享有 ${days} 日的契約審閱期：簽署前可隨時查看、下載合約全文，帶回審閱或與他人討論後再決定。您可以選擇現在簽署，但提前簽署並不代表放棄審閱的權利，任何拋棄審閱期的約定均屬無效；簽署前您也可以隨時不申請，不需任何費用。`;
}

export const EARLY_REPAYMENT_TIP =
  '您可隨時提前清償全部借款，利息只計算至清償當日，不收取提前清償違約金或手續費。（民法第 204 條規定年利率超過 12% 的借款，借款人於一年後得提前清償；我們不設一年的限制。）';

// Saving a product (the operator command): why a configuration is refused.
export const PRODUCT_INVALID_AMOUNT_RANGE = '金額範圍設定錯誤：最低、最高與級距須為正整數，且最低金額不得大於最高金額';
export const PRODUCT_NO_TERMS = '至少須設定一個借款期限';
export const PRODUCT_EXTENSION_NOT_ALLOWED = '只有到期一次還本付息的產品可以展期';
export const PRODUCT_NAME_INVALID = '產品名稱須為 1 至 40 個字';
export const PRODUCT_NAME_TAKEN = '已有同名的貸款產品，請換一個名稱';
export const PRODUCT_NOT_FOUND_ADMIN = '找不到此貸款產品';

export function productTermTooShort(term: number, days: number, minTermDays: number): string {
  return `期限 ${term} 只有 ${days} 天，短於最低 ${minTermDays} 天`;
}

export function productAprOverCap(amount: number, term: number, apr: number, capPercent: number): string {
  return `金額 ${ntd(amount)}、期限 ${term} 的總費用年百分率 ${apr.toFixed(2)}% 超過上限 ${capPercent}%`;
}

export function productExtendedAprOverCap(amount: number, term: number, apr: number, capPercent: number): string {
  return `金額 ${ntd(amount)}、期限 ${term} 展期後的總費用年百分率 ${apr.toFixed(2)}% 超過上限 ${capPercent}%`;
}

// Campaigns: a time-boxed interest discount, never a cash incentive (decision 0152).
export const CAMPAIGN_NOT_FOUND = '找不到此活動';
export const CAMPAIGN_PRODUCT_UNKNOWN = '找不到活動指定的貸款產品';

/** A percentage point count as the borrower reads it: 2, 1.5, 0.25. */
function points(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

/** activity/award's line: what the discount is, on what, until when, and that the quote includes it. */
export function campaignLine(title: string, discountPercent: number, productName: string | null, endsOn: string): string {
  return `${title}：${productName ? `「${productName}」` : '所有產品'}年利率減 ${points(discountPercent)} 個百分點，至 ${peopleDate(endsOn)} 止，已計入試算與總費用年百分率`;
}

/** The line under a quote that includes a campaign's discount. */
export function quoteCampaignLine(title: string, discountPercent: number, baseRatePercent: number, ratePercent: number): string {
  return `${title}：年利率由 ${points(baseRatePercent)}% 降為 ${points(ratePercent)}%（減 ${points(discountPercent)} 個百分點），以上試算與總費用年百分率已計入此折扣`;
}
