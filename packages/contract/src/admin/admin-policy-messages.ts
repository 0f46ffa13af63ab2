import { groupThousands } from '../money-format.ts';

/**
 * The console's texts for what an administrator tunes without a deploy: the decision
 * engine's thresholds and the SMS reminder templates (Traditional Chinese).
 */

export const POLICY_PAGE_TITLE = '審核門檻與提醒簡訊';

// The decision engine's thresholds.
export const DECISION_POLICY_CARD_TITLE = '審核門檻';
export const DECISION_POLICY_INTRO =
  '自動審核與人工審核依這些門檻運作，儲存後下一筆審核即採用；每筆審核都記錄當時採用的門檻版本。法定條件（年滿 20 歲、身分證字號檢查碼、總費用年百分率 16% 上限）固定於系統內，不在此設定。';
export const DECISION_POLICY_LABELS = {
  manualReviewAbove: '人工審核門檻（申請金額高於此金額時轉人工審核）',
  secondApprovalAbove: '雙人覆核門檻（核准金額高於此金額時需第二位審核人員覆核）',
  coolDownDays: '拒絕後冷卻天數（被拒絕後多久才可重新申請）',
} as const;
export const DECISION_POLICY_NO_MANUAL_REVIEW = '不設人工審核門檻（僅依規則判定）';
export const DECISION_POLICY_SAVE = '儲存審核門檻';
export const DECISION_POLICY_SAVED = '已儲存，下一筆審核即採用新門檻';
export const DECISION_POLICY_VERSION = '目前版本 {version}，{savedBy} 於 {savedAt} 儲存';
export const DECISION_POLICY_HISTORY = '歷次版本';
export const DECISION_POLICY_NONE = '不設';
export const DECISION_POLICY_SEEDED_BY = '(系統預設)';
/** `{min}`, `{max}`: the range in dollars. */
export function decisionPolicyAmountRange(label: string, min: number, max: number): string {
  return `${label}須為 NT$ ${groupThousands(min)} 至 NT$ ${groupThousands(max)} 的整數金額`;
}
export function decisionPolicyDaysRange(min: number, max: number): string {
  return `拒絕後冷卻天數須為 ${min} 至 ${max} 天的整數`;
}
export const DECISION_POLICY_COLUMNS = { version: '版本', savedBy: '儲存者', savedAt: '儲存時間' } as const;
export const DECISION_POLICY_DAYS_UNIT = '天';
export const DECISION_POLICY_MANUAL_REVIEW_SWITCH = '設定人工審核門檻';
export const DECISION_POLICY_SHORT_LABELS = {
  manualReviewAbove: '人工審核門檻',
  secondApprovalAbove: '雙人覆核門檻',
  coolDownDays: '冷卻天數',
} as const;

// The SMS reminder templates.
export const REMINDER_TEMPLATES_CARD_TITLE = '還款提醒簡訊';
export const REMINDER_TEMPLATES_INTRO =
  '系統於到期日前 3 天、前 1 天及逾期第 1 天 07:00-22:00 間發送簡訊給借款人本人。以大括號寫代入欄位，每則簡訊都須包含應繳金額與到期日；請以平實、不帶威脅的語氣撰寫。';
export const REMINDER_TEMPLATE_LABELS = {
  dueSoon: '到期前提醒（前 3 天與前 1 天）',
  firstOverdueDay: '逾期第 1 天提醒',
} as const;
export const REMINDER_PLACEHOLDER_LABELS = {
  productName: '產品名稱',
  dueDate: '到期日',
  amount: '應繳金額',
  daysBefore: '距到期日天數',
} as const;
export const REMINDER_TEMPLATE_SAVE = '儲存簡訊內容';
export const REMINDER_TEMPLATE_SAVED = '已儲存，下一次發送即採用新內容';
export const REMINDER_TEMPLATE_RESET = '還原為預設內容';
export const REMINDER_TEMPLATE_PREVIEW = '預覽（範例值）';
export const REMINDER_TEMPLATE_PLACEHOLDERS = '可用的代入欄位';
export const REMINDER_TEMPLATE_IS_DEFAULT = '預設內容';
export const REMINDER_TEMPLATE_SAVED_BY = '{savedBy} 於 {savedAt} 儲存';
/** The count under the editor: the preview's length and segments, and the longest case's. */
export function reminderTemplateCount(
  count: number,
  segments: number,
  worstCount: number,
  worstSegments: number,
  maxSegments: number,
): string {
  return `範例 ${count} 字，${segments} 則簡訊；代入最長的值時 ${worstCount} 字，${worstSegments} 則（上限 ${maxSegments} 則）`;
}
export const REMINDER_TEMPLATE_EMPTY = '請輸入簡訊內容';
export const REMINDER_TEMPLATE_CONTROL_CHARACTERS = '簡訊內容不可包含換行或控制字元';
export const REMINDER_TEMPLATE_BRACES = '大括號只能用來寫代入欄位，例如 {amount}';
export function reminderTemplateUnknownPlaceholder(name: string, allowed: readonly string[]): string {
  return `不支援的代入欄位 {${name}}，此簡訊可用：${allowed.map((item) => `{${item}}`).join('、')}`;
}
export function reminderTemplateMissingPlaceholder(name: string, label: string): string {
  return `簡訊須包含 {${name}}（${label}）`;
}
export function reminderTemplateTooLong(worstCount: number, worstSegments: number, maxSegments: number, maxCount: number): string {
  return `代入最長的值時簡訊為 ${worstCount} 字、${worstSegments} 則，超過上限 ${maxSegments} 則（${maxCount} 字），請縮短內容`;
}
