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
export const ADMIN_PAYOUT_NOT_AWAITING_RELEASE = '此筆撥款不在待放行狀態（不需放行、已放行或已結案）';
/** `{amount}`: the two-person threshold in dollars. */
export const ADMIN_SECOND_RELEASER_REQUIRED = '金額超過 NT$ {amount}，需由另一位財務人員覆核放行';
export const ADMIN_BANK_BATCH_EMPTY = '目前沒有待匯出的銀行撥款';
export const ADMIN_BANK_RESULT_UNREADABLE = '無法讀取銀行回覆檔：第一列須包含「參考編號」「金額」「處理結果」欄位';
export const ADMIN_COMMAND_LINE_TWO_PEOPLE = '需兩位人員覆核的核准只能在管理後台以各自的帳號操作';
export const ADMIN_PAYOUT_NOT_FAILED = '此筆撥款不是撥款失敗狀態，無法重新撥款';
export const ADMIN_PAYOUT_RETRIED_ALREADY = '此筆撥款已重新撥款過，請處理新的那一筆撥款';
export const ADMIN_PAYOUT_ORDER_NOT_DISBURSING = '此訂單已非放款中，無法重新撥款';
/** `{orderNo}`: the order; `{characters}`: the characters Big5 has no code for. */
export const ADMIN_BANK_BATCH_NOT_BIG5 =
  '訂單 {orderNo} 的收款戶名含 Big5 無法表示的字（{characters}），無法產生 Big5 付款檔；請改下載 UTF-8 付款檔，或洽銀行改以 UTF-8 上傳';
export const ADMIN_FAQ_REMOVED = '已刪除此常見問題，借款人 App 不再顯示';
/** The FAQ table's removal, confirmed first. */
export const FAQ_REMOVE_TEXTS = {
  button: '刪除',
  confirmTitle: '刪除此常見問題？',
  confirmDescription: '借款人 App 的說明中心將不再顯示此問題，也無法再編輯；操作紀錄會保留刪除前的內容。',
} as const;
/** A banner, notice or popup missing what its kind needs. */
export const HOME_CONTENT_INCOMPLETE = {
  banners: '橫幅須填寫標題與圖片網址',
  notices: '公告須填寫內容',
  popups: '彈窗須填寫標題',
} as const;
/** A notice longer than NOTICE_MAX_LENGTH (admin-config-schemas.ts). */
export function noticesShownLimit(max: number): string {
  return `首頁同時最多顯示 ${max} 則公告（依排序）；其餘在排程內的公告，等前面的結束或停用後才會顯示`;
}
export const NOTICE_OVER_SHOWN_LIMIT = '等待顯示（超過上限）';
export function noticeTooLong(max: number): string {
  return `首頁公告最多 ${max} 字，讓借款人一眼讀完；較長的內容請改用首頁彈窗`;
}
export const HOME_CONTENT_KIND_LABELS = { banners: '首頁橫幅', notices: '首頁公告', popups: '首頁彈窗' } as const;
export const ADMIN_SERVICE_LINE_RULE = 'LINE 帳號須以 @ 開頭（例如 @xiaoandai），加入好友連結須為 https:// 網址';
export const ADMIN_SCHEDULE_RULE = '結束時間須晚於開始時間';
export const DOCUMENT_VERSION_TAKEN = '此文件已有相同版本代號，請使用新的版本代號';
export const DOCUMENT_NOT_PUBLISHABLE = '此文件由系統依契約內容產生，無法在後台發布新版本';
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
  'review.faceViewed': '檢視人臉辨識紀錄',
  'review.firstApproval': '第一位核准',
  'review.approved': '核准申請',
  'review.refused': '拒絕申請',
  'transfer.confirmed': '確認轉帳入帳',
  'transfer.rejected': '退回轉帳',
  'held.credited': '暫停款項入帳',
  'held.refunded': '暫停款項退還',
  'credit.refunded': '溢繳款退還',
  'settings.apiOrigins': '變更 API 網址',
  'settings.serviceLine': '變更 LINE 客服資訊',
  'settings.decisionPolicy': '變更審核門檻',
  'settings.reminderTemplate': '變更還款提醒簡訊',
  'product.created': '新增貸款產品',
  'product.updated': '變更貸款產品',
  'product.retired': '下架貸款產品',
  'content.created': '新增首頁內容',
  'content.updated': '變更首頁內容',
  'campaign.created': '新增利率折扣活動',
  'campaign.updated': '變更利率折扣活動',
  'document.published': '發布條款新版本',
  'faq.created': '新增常見問題',
  'faq.updated': '變更常見問題',
  'faq.removed': '刪除常見問題',
  'customer.searched': '查詢用戶',
  'customer.viewed': '檢視用戶資料',
  'order.viewed': '檢視訂單',
  'order.contractViewed': '檢視契約',
  'export.downloaded': '匯出 CSV',
  'books.checked': '帳務核對',
  'payout.firstRelease': '撥款第一位放行',
  'payout.released': '撥款放行',
  'payout.bankBatchCreated': '產生銀行整批付款檔',
  'payout.bankBatchDownloaded': '下載銀行整批付款檔',
  'payout.bankResultImported': '匯入銀行回覆檔',
  'payout.retried': '重新撥款',
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** A payout's stage as finance follows it (the payouts page). */
export const PAYOUT_STAGE_LABELS = {
  awaitingRelease: '待放行',
  awaitingSecondRelease: '待第二位放行',
  awaitingBatch: '待產生付款檔',
  inBatch: '已匯出付款檔',
  sending: '送出中',
  sent: '已送金流',
  paid: '已撥款',
  failed: '撥款失敗',
  /** Failed, and sent again as a new payout (the attempt after it). */
  retried: '失敗已重新撥款',
  needsReview: '待查核',
} as const;
export type TPayoutStage = keyof typeof PAYOUT_STAGE_LABELS;

export const PAYOUT_CHANNEL_LABELS = { gateway: '金流閘道', bank: '銀行整批' } as const;

/** The bank batch file's encodings (docs/bank-batch-file.md): UTF-8 with BOM by default, Big5 (CP950) for a bank that takes only that. */
export const BANK_FILE_ENCODING_LABELS = { utf8: 'UTF-8（預設）', big5: 'Big5（CP950）' } as const;
export type TBankFileEncoding = keyof typeof BANK_FILE_ENCODING_LABELS;

/** The payouts page's words for a failed payout and its retry. */
export const PAYOUT_RETRY_TEXTS = {
  button: '重新撥款',
  confirmTitle: '重新撥款到訂單的收款帳戶？',
  /** `{amount}`, `{account}`, `{releases}`. */
  confirmDescription:
    '將以新的撥款 {amount} 撥入訂單目前的收款帳戶 {account}{releases}。帳號或戶名錯誤時，請等借款人在 App 更換收款帳戶後再重新撥款，否則仍會失敗。',
  releaseNeeded: '（金額超過兩人放行門檻，送出後仍需另一位財務人員覆核放行）',
  /** `{id}`, `{stage}`. */
  done: '已建立新的撥款 #{id}：{stage}',
  reason: '失敗原因：',
  /** `{id}`: the payout this one retries. */
  retryOf: '重新撥款（原 #{id}）',
  /** `{name}`: who retried it. */
  retriedBy: '已由 {name} 重新撥款',
  accountChangeNote:
    '重新撥款會撥入訂單目前的收款帳戶。因帳戶問題（銷戶、帳號錯誤、戶名不符、靜止戶）失敗時，借款人 App 會請借款人更換收款帳戶；借款人更換後，該筆撥款會標示「借款人已更換收款帳戶」，即可重新撥款。',
  /** A failed payout whose reason is the account: the borrower app asks for another. */
  borrowerAsked: '已請借款人更換收款帳戶',
  /** `{account}`, `{at}`: the borrower changed the order's account after this failure. */
  accountChanged: '借款人已更換收款帳戶為 {account}（{at}）',
} as const;

/** The batch file's download: the encoding chosen. */
export const BANK_BATCH_DOWNLOAD_TEXTS = {
  encoding: '付款檔編碼',
  download: '下載 CSV',
} as const;

/** What a row of the bank's result file did. */
export const BANK_RESULT_OUTCOME_LABELS = {
  paid: '已撥款',
  failed: '撥款失敗',
  alreadySettled: '先前已處理，未變更',
  held: '訂單已非放款中，轉待查核',
  unknown: '查無此筆銀行撥款，未處理',
  amountMismatch: '金額不符，未處理',
  unreadable: '處理結果或金額無法辨識，未處理',
} as const;
export type TBankResultOutcome = keyof typeof BANK_RESULT_OUTCOME_LABELS;
