/** Repayments and extensions: channels, refusals, the reminders sent by SMS. */
import { peopleDate } from '../date-format.ts';
import { ntd } from '../money-format.ts';

export const REPAY_CHANNEL_TEXTS = {
  cvs: { name: '超商代碼繳費', description: '至 7-ELEVEN、全家、萊爾富或 OK 超商的多媒體機輸入繳費代碼，列印繳費單後至櫃檯付現。' },
  atm: { name: 'ATM 轉帳（虛擬帳號）', description: '以 ATM、網路銀行或臨櫃轉帳至專屬虛擬帳號，跨行轉帳手續費由付款人負擔。' },
  manual: { name: '自行轉帳', description: '已自行匯款時，填寫金額、日期、匯款帳號末五碼並上傳收據，經人工確認後入帳。' },
} as const;

export function repayChoiceNextInstalment(number: number, dueDate: string): string {
  return `第 ${number} 期（${peopleDate(dueDate)} 到期）`;
}
export const REPAY_CHOICE_ALL_DUE = '全部已到期款項';
export const REPAY_CHOICE_PAYOFF = '全部結清（利息計至今日）';
export function repayChoiceExtension(newDueDate: string): string {
  return `展期（還款日延至 ${peopleDate(newDueDate)}）`;
}

export const REPAY_ORDER_NOT_REPAYABLE = '此訂單目前沒有需要繳納的款項';
export const REPAY_AMOUNT_CHANGED = '應還金額已更新，請確認新的金額後再取得繳費代碼';
export const REPAY_PARTS_ALL_ISSUED = '全部結清的各筆繳費代碼都已取得，請依上方代碼繳費';
export function repayPartUnderMinimum(channelName: string, min: number): string {
  return `剩餘金額低於${channelName}單筆下限 ${ntd(min)}，請改用其他方式`;
}
export const REPAY_NOTHING_DUE = '目前沒有已到期的款項，可選擇繳納下一期或全部結清';
export const REPAY_MANUAL_ONLY_FORM = '自行轉帳請填寫匯款資料並上傳收據';

export function repayOverChannelLimit(channelName: string, max: number, other: string | null): string {
  const instead = other ? `，或改用${other}` : '';
  return `${channelName}單筆上限為 ${ntd(max)}，請分次繳納（例如先繳下一期）${instead}`;
}
export function repayUnderChannelMinimum(channelName: string, min: number, other: string | null): string {
  const instead = other ? `，請改用${other}` : '';
  return `${channelName}單筆最低為 ${ntd(min)}${instead}`;
}

export const REPAY_RECEIPT_NOT_FOUND = '找不到收據照片，請重新上傳';
export const REPAY_PAID_ON_INVALID = '匯款日期不可早於撥款日或晚於今日';

export const EXTENSION_NOT_EXTENDABLE = '此產品不提供展期（分期產品或未開放展期）';
export const EXTENSION_MAX_REACHED = '已達展期次數上限，請於到期日前還款';
/** Outside the window: from when it opens (before it), or that it has passed. */
export function extensionOutsideWindow(windowDays: number, opensOn: string | null): string {
  const when = opensOn ? `可於 ${peopleDate(opensOn)} 起申請展期` : '已過可申請展期的期間';
  return `${when}（到期日前 ${windowDays} 天內至到期日）`;
}
export function extensionAprOverCap(apr: number, capPercent: number): string {
  return `展期後整筆借款的總費用年百分率 ${apr.toFixed(2)}% 將超過法定上限 ${capPercent}%，無法展期`;
}
export const EXTENSION_ORDER_NOT_REPAYING = '此訂單目前無法展期';

/**
 * Reminders: to the borrower only, 07:00-22:00 Taipei time, no threats, no third party.
 * The texts as first sent, before an administrator edits them in the console
 * (`reminder-template.ts` renders them: {productName}, {dueDate}, {amount}, {daysBefore}).
 */
export const REMINDER_DUE_SOON_DEFAULT =
  '【{productName}】提醒您：您的借款將於 {daysBefore} 天後（{dueDate}）到期，應繳 {amount}。可於 App 訂單頁取得超商代碼或虛擬帳號繳費。';
export const REMINDER_FIRST_OVERDUE_DAY_DEFAULT =
  '【{productName}】提醒您：您的借款已於 {dueDate} 到期，目前應繳 {amount}。請盡快於 App 訂單頁繳費，如有困難請聯繫客服。';

/** The sandbox store page (development only). */
export const SANDBOX_STORE_TITLE = '超商櫃檯與 ATM 繳費模擬（測試環境）';
export const SANDBOX_CODE_NOT_FOUND = '查無此繳費代碼或虛擬帳號';
export const SANDBOX_CODE_LABEL = '繳費代碼或虛擬帳號';
export const SANDBOX_LOOK_UP = '查詢';
export const SANDBOX_AMOUNT_DUE = '應繳金額';
export const SANDBOX_CODE_KIND_TEXTS = { cvs: '超商代碼', atm: '虛擬帳號' } as const;
export const SANDBOX_EXPIRES = '期限';
export const SANDBOX_STATE = '狀態';
export const SANDBOX_AMOUNT_RECEIVED = '收款金額';
/** The counter's button: takes the money and sends the gateway's signed notification. */
export const SANDBOX_PAY = '收款並通知';
export const SANDBOX_RESULT = '閘道通知結果';
export const REPAY_GATEWAY_UNAVAILABLE = '超商代碼與虛擬帳號繳費暫不提供，請改用自行轉帳';
/**
 * What the collection gateway (ECPay) shows the payer for a code or account: its trade
 * description and item name, on its pages and the store kiosk's slip. Plain words only:
 * ECPay refuses special characters in the trade description.
 */
export function repayGatewayTradeDescription(productName: string): string {
  return `${productName}借款還款`;
}
export function repayGatewayItemName(productName: string): string {
  return `${productName}還款`;
}
/** The data list (PDPA): how many payment requests and transfers the account made. */
export const REPAY_DATA_LIST_PAYMENTS = '繳款紀錄筆數';

// The settlement certificate (結清證明), a PDF once the order is settled.
export const SETTLEMENT_NOT_SETTLED = '此訂單尚未結清，結清後即可下載結清證明';
export const SETTLEMENT_TITLE = '結清證明';
export function settlementStatement(borrowerName: string, maskedIdNumber: string, orderNo: string, settledOn: string): string {
  return `茲證明借款人 ${borrowerName}（身分證字號 ${maskedIdNumber}）向本公司借貸之訂單 ${orderNo} 借款，業於 ${settledOn} 全數清償完畢，本筆借款之債權債務關係已消滅，特此證明。`;
}
export const SETTLEMENT_FACTS = {
  orderNo: '訂單編號',
  principal: '借款本金',
  disbursedOn: '撥款日',
  settledOn: '結清日',
  principalPaid: '已還本金',
  interestPaid: '已付利息',
  overduePaid: '已付逾期利息',
  feesPaid: '已付手續費',
  extensionFeesPaid: '已付展期費',
  extensions: '展期次數',
  cashReceived: '實收款項合計',
  refunded: '溢繳退還',
} as const;
export function settlementIssuedBy(lenderName: string, registrationNo: string, address: string): string {
  return `${lenderName}（統一編號 ${registrationNo}）\u3000${address}`;
}
export function settlementIssuedOn(date: string): string {
  return `開立日期：${date}`;
}
export function settlementFileName(orderNo: string): string {
  return `結清證明-${orderNo}.pdf`;
}
export function settlementFooter(orderNo: string): string {
  return `結清證明 訂單編號 ${orderNo}`;
}
