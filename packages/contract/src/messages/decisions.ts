/** Decisions: what the borrower is told about the automatic review. */

export const DECISION_REFUSED = '很抱歉，您的申請未通過審核';

/** Each refusal reason in plain words (the reason codes of decisions' rules). */
export const DECISION_REFUSAL_REASONS = {
  adultAge: '申請人須年滿 20 歲',
  nationalIdChecksum: '身分證字號無法通過驗證',
  onboardingComplete: '尚未完成全部認證資料',
  faceCheck: '尚未通過人臉辨識',
  noOverdueOrder: '您有逾期未還的借款',
  creditLimit: '申請金額超過您的可借額度',
  staffReview: '專人審核未通過',
} as const;

/** The day a refused borrower may apply again; `{date}` is YYYY-MM-DD. */
export const DECISION_COOL_DOWN = '您可於 {date} 後重新申請';

/** An order whose face check is in manual review: staff decide, it stays 審核中. */
export const DECISION_MANUAL_REVIEW = '您的申請需由專人審核，審核完成後訂單狀態將會更新';
