/**
 * The loans home's texts (amount card, products, daily popup, cool-down), apart from the
 * other loan pages' (loan-pages.ts): the home is the first screen, and its chunk carries
 * only these.
 */

// Loans home.
export const HOME_AMOUNT_LABEL = '最高可借金額（新臺幣）';
export const HOME_APPLY = '立即申請';
export const HOME_CONTINUE_SIGNING = '繼續簽約';
export const HOME_VIEW_ORDER = '查看訂單';
export const HOME_PRODUCTS_TITLE = '借款方案';
export const HOME_PRODUCTS_MORE = '查看全部方案';
export const HOME_NO_PRODUCTS = '目前沒有可申請的方案，請稍後再來';
export const HOME_PROMISES = ['全額撥款，不預扣費用', '簽約前揭露全部費用', '提前還款免違約金'] as const;
export const HOME_POPUP_CLOSE = '我知道了';
export const HOME_POPUP_OPEN = '查看詳情';
/** The banner carousel's own control: it turns by itself until paused (WCAG 2.2.2). */
export const BANNER_PAUSE = '暫停輪播';
export const BANNER_PLAY = '繼續輪播';

export function homeOpenOrder(state: string): string {
  return `您有一筆訂單：${state}`;
}

export function coolDownNotice(date: string): string {
  return `很抱歉，本次申請未通過。您可於 ${date} 起再次申請。`;
}

export const COOL_DOWN_TITLE = '暫時無法申請';

// Products (the home summary and the product list).
export const PRODUCT_AMOUNT_RANGE = '可借金額';
export const PRODUCT_TERMS = '借款期限';
export const PRODUCT_APR_RANGE = '總費用年百分率';
export const PRODUCT_RATE = '年利率';
export const PRODUCT_METHOD_SINGLE = '到期一次還本付息';
export const PRODUCT_METHOD_INSTALMENTS = '每月等額本息攤還';
export const PRODUCT_EXTENSION = '可申請展期';

export function termsLabel(terms: readonly number[], unit: 'day' | 'month'): string {
  return `${terms.join('／')} ${unit === 'day' ? '天' : '個月'}`;
}

export function aprRange(min: number, max: number): string {
  return min === max ? `${min.toFixed(2)}%` : `${min.toFixed(2)}% – ${max.toFixed(2)}%`;
}
