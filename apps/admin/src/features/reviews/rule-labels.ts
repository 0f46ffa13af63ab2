/** The decision engine's rules in words (modules/decisions' rule codes). */
export const RULE_LABELS: Record<string, string> = {
  adultAge: '年滿 20 歲',
  nationalIdChecksum: '身分證字號檢查碼',
  onboardingComplete: '認證資料完整',
  faceCheck: '人臉辨識',
  noOverdueOrder: '無逾期借款',
  creditLimit: '可借額度',
  idCardMatchesStepOne: '證件與填寫資料一致',
  reviewAmount: '人工審核金額門檻',
  staffReview: '人工審核',
};

/** Why a rule left the application to staff. */
export const MANUAL_REVIEW_REASONS: Record<string, string> = {
  faceCheck: '人臉辨識多次未通過，需人工比對自拍照與證件照',
  idCardMatchesStepOne: '申請人保留了與填寫資料不同的證件資料，需人工確認',
  reviewAmount: '申請金額高於審核門檻設定的人工審核金額，需人工審核',
};

export const ruleLabel = (rule: string): string => RULE_LABELS[rule] ?? rule;
