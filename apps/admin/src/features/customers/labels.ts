import { AUDIT_ACTION_LABELS } from '@app/contract/admin/admin-messages.ts';

/** How the console names the borrower side's codes. */
export const GENDER_LABELS: Record<string, string> = { male: '男', female: '女' };
export const CHANNEL_LABELS: Record<string, string> = { cvs: '超商代碼', atm: '虛擬帳號', manual: '自行轉帳' };
export const KIND_LABELS: Record<string, string> = {
  nextInstalment: '當期應繳',
  allDue: '全部到期',
  payoff: '提前結清',
  payoffPart: '部分清償',
  extension: '展期',
};
export const PAYMENT_STATE_LABELS: Record<string, string> = {
  pending: '待繳',
  paid: '已入帳',
  held: '暫停入帳',
  awaitingConfirmation: '待確認',
  rejected: '已退回',
};
export const JOURNAL_KIND_LABELS: Record<string, string> = {
  payout: '撥款',
  payment: '收款',
  extension: '展期',
  refund: '退還溢繳',
  hold: '暫停入帳',
  release: '解除暫停',
  returnHeld: '退還暫停款',
};
export const INSTALMENT_STATE_LABELS: Record<string, string> = { unpaid: '未繳', partlyPaid: '部分繳納', paid: '已繳清', overdue: '逾期' };

export const actionLabel = (action: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
export const CAUSE_LABELS: Record<string, string> = {
  borrower: '借款人',
  decision: '自動審核',
  staff: '審核人員',
  operator: '操作人員',
  payout: '撥款',
  repayment: '還款',
  extension: '展期',
  'overdue-job': '逾期批次',
};
