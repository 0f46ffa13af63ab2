/** Orders: refusals and texts of the order paths. */

export const ORDER_NOT_FOUND = '找不到此訂單';
export const ORDER_ALREADY_OPEN = '您已有一筆進行中的訂單，完成或取消後才能再申請';
export const ORDER_STATE_CHANGED = '訂單狀態已更新，請重新整理後再試';
/** loan/cancel on an order already paid out or closed. */
export const ORDER_NOT_CANCELLABLE = '這筆訂單已撥款或已結束，無法取消';

/** The borrower-facing line of each recorded state change (order detail's timeline). */
export const ORDER_EVENT_TEXTS = {
  待簽約: '已送出申請，待簽署合約',
  審核中: '合約已簽署，系統審核中',
  已核准: '審核通過',
  放款中: '撥款處理中',
  待還款: '已撥款至您的帳戶',
  已逾期: '已逾期，請盡快還款',
  已結清: '已全部還清',
  已拒絕: '未通過審核',
  已取消: '已取消',
} as const;
