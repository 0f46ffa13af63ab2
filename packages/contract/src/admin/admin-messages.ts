/** Every text the admin API answers and the console shows (Traditional Chinese). */

export const ADMIN_LOGIN_FAILED = '帳號、密碼或驗證碼不正確';
export const ADMIN_LOGIN_LOCKED = '登入失敗次數過多，帳號已暫時鎖定，請 15 分鐘後再試或聯絡系統管理員';
export const ADMIN_SIGNINS_THROTTLED = '此網路位置的登入嘗試過多，請 15 分鐘後再試';
export const ADMIN_TOTP_REPLAYED = '此驗證碼已使用過，請等待下一組驗證碼';
export const ADMIN_ACCOUNT_DISABLED = '此帳號已停用，請聯絡系統管理員';
export const ADMIN_SESSION_REQUIRED = '請先登入';
export const ADMIN_SESSION_IDLE = '閒置超過 15 分鐘，請重新登入';
export const ADMIN_FORBIDDEN = '您的角色無權執行此操作';
export const ADMIN_CSRF_INVALID = '頁面已過期，請重新整理後再試';
/** `{field}`: the field that failed. */
export const ADMIN_INPUT_INVALID = '輸入資料有誤：{field}';
export const ADMIN_NOT_FOUND = '找不到此筆資料';
export const ADMIN_SERVER_ERROR = '系統忙碌中，請稍後再試';

export const ADMIN_ENROLMENT_INVALID = '啟用連結無效或已過期，請向系統管理員索取新的連結';
export const ADMIN_PASSWORD_RULE = '密碼至少 12 個字元，不可與帳號相同';
export const ADMIN_TOTP_SETUP_WRONG = '驗證碼不正確，請確認手機時間正確後再輸入新的驗證碼';
export const ADMIN_USERNAME_RULE = '帳號須為 3 至 32 個英文小寫字母、數字、點、底線或連字號';
export const ADMIN_USERNAME_TAKEN = '此帳號已被使用';
export const ADMIN_CANNOT_CHANGE_SELF = '不可變更自己的角色或停用自己的帳號';

export const ADMIN_REVIEW_NOT_WAITING = '此申請已不在待審核狀態';
/** `{amount}`: the second-approval threshold in dollars. */
export const ADMIN_SECOND_APPROVER_REQUIRED = '金額超過 NT$ {amount}，需由另一位審核人員覆核核准';
export const ADMIN_FIRST_APPROVAL_RECORDED = '已記錄第一位核准，等待另一位審核人員覆核';
export const ADMIN_TRANSFER_NOT_WAITING = '此轉帳已不在待確認狀態';
export const ADMIN_PAYMENT_NOT_HELD = '此筆款項已處理，不在暫停入帳狀態';
export const ADMIN_NO_CREDIT_KEPT = '此訂單沒有待退還的溢繳款';
export const ADMIN_SEARCH_UNRECOGNISED = '請輸入完整的手機號碼（09 開頭 10 碼）、身分證字號或訂單編號（L 開頭）';
export const ADMIN_CONTRACT_UNSIGNED = '此訂單尚未簽約，沒有已簽署的契約';
export const ADMIN_ORIGINS_RULE = 'API 網址須為 https:// 開頭、不含路徑的網址，最多 10 個且不可重複';

/** Reason codes an approval or a refusal is recorded under, in plain words. */
export const REVIEW_APPROVE_REASONS = {
  documentsVerified: '證件與資料核對無誤',
  verifiedByCall: '電話照會確認無誤',
} as const;
export const REVIEW_REFUSE_REASONS = {
  identityMismatch: '身分資料與證件不符',
  photoUnreadable: '證件照片無法辨識',
  faceMismatch: '自拍照與證件照不符',
  suspectedImpersonation: '疑似冒名申請',
  other: '其他',
} as const;
export const TRANSFER_REJECT_REASONS = {
  notReceived: '帳戶查無此筆入帳',
  amountDiffers: '入帳金額與申報不符',
  receiptUnreadable: '轉帳憑證無法辨識',
  other: '其他',
} as const;

/** What each audited action is called in the console. */
export const AUDIT_ACTION_LABELS = {
  'operator.login': '登入',
  'operator.loginFailed': '登入失敗',
  'operator.locked': '帳號鎖定',
  'operator.logout': '登出',
  'operator.enrolled': '完成帳號啟用',
  'operator.created': '新增操作人員',
  'operator.updated': '變更操作人員',
  'operator.enrolmentReissued': '重發啟用連結',
  'review.viewed': '檢視審核資料',
  'review.firstApproval': '第一位核准',
  'review.approved': '核准申請',
  'review.refused': '拒絕申請',
  'transfer.confirmed': '確認轉帳入帳',
  'transfer.rejected': '退回轉帳',
  'held.credited': '暫停款項入帳',
  'held.refunded': '暫停款項退還',
  'credit.refunded': '溢繳款退還',
  'settings.apiOrigins': '變更 API 網址',
  'customer.searched': '查詢用戶',
  'customer.viewed': '檢視用戶資料',
  'order.viewed': '檢視訂單',
  'order.contractViewed': '檢視契約',
  'export.downloaded': '匯出 CSV',
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTION_LABELS;
