/**
 * Every user-visible text of SPEC.md, one constant each. SPEC.md texts given in
 * Simplified characters appear here in Traditional ones (SPEC.md: interface text is
 * Traditional Chinese); messages.test.ts checks each against SPEC.md's wording.
 * Texts SPEC.md does not give (field errors, server refusals) follow below the line.
 */

// Tabs (SPEC.md section 2), in tab-bar order.
export const TAB_LOANS = '貸款';
export const TAB_ORDERS = '訂單';
export const TAB_ME = '我的';
export const TAB_APTITUDE = '資質';

// Onboarding steps (SPEC.md section 2), in order.
export const STEP_PERSONAL = '個人明細';
export const STEP_CONTACTS = '聯絡人';
export const STEP_ID_CARD = '身分證';
export const STEP_BANK_CARD = '銀行卡';
export const STEP_FACE = '識別後領款';
export const ONBOARDING_STEPS = [
  STEP_PERSONAL,
  STEP_CONTACTS,
  STEP_ID_CARD,
  STEP_BANK_CARD,
  STEP_FACE,
] as const;

// Customer service and copy (SPEC.md sections 1, 8).
export const TOAST_COPIED = '已復製';

// Quit-confirmation popup (SPEC.md section 2).
export const QUIT_POPUP_CONTENT = '還差一點就可以申請貸款了 您確定要退出認證嗎？';
export const QUIT_POPUP_CONTINUE = '繼續認證';
export const QUIT_POPUP_LEAVE = '放棄並退出';

// Loading (SPEC.md section 4).
export const SLOW_NETWORK_TEXT = '當前網絡較差，請耐心等候';

// Uploads (SPEC.md section 5).
export const UPLOAD_TOO_LARGE = '圖片過大，請重新上傳';
export const UPLOAD_FILES_NOT_ARRAY = 'files 必須是數組類型';
export const UPLOAD_MISSING_URL = '文件上傳缺失數據url';
export const REQUEST_INTERCEPTOR_REJECTED = '請求開始攔截器未通過';

// Error catalogue (SPEC.md section 8).
export const HTTP_STATUS_PREFIX = 'http狀態碼';
export const DATA_INVALID = '數據驗證不通過';
export const MODAL_WARM_TITLE = '溫馨提示';
export const MODAL_CONFIRM = '確認';
export const DATA_ERROR_RELOGIN = '數據異常，請重新登陸';
export const ACCESS_FAILED = '訪問失敗，請嘗試使用谷歌瀏覽器打開';
export const COPY_ADDRESS = '複製網址';
export const REQUEST_MISSING_URL = '【request】缺失數據url';
export const TIMEOUT_TITLE = '網絡請求超時';
export const TIMEOUT_CONTENT = '請檢查網絡環境後重試';
export const MODAL_FRIENDLY_TITLE = '友情提示';

// ---------------------------------------------------------------------------
// Texts SPEC.md does not give ("Messages for API error codes: not shown").

/** The generic modal's only button (SPEC.md: "OK button only"). */
export const MODAL_OK = '確定';
/** Any unexpected server error: details go to the log only. */
export const SERVER_ERROR = '系統忙碌中，請稍後再試';
/** Logged-in path called without a valid session. */
export const SESSION_EXPIRED = '登入已過期，請重新登入';
export const NOT_FOUND_CONFIG = '查無此設定';
export const CHUNK_LOAD_FAILED = '頁面載入失敗，請檢查網絡後重試';
export const RETRY = '重試';
export const LOADING = '載入中…';
export const EMPTY_STATE = '暫無內容';
export const COMING_SOON = '即將開放';

/** A request field that fails its schema; names the field so the user (or support) can act. */
export function fieldInvalid(field: string): string {
  return field ? `欄位「${field}」格式不正確` : '請求內容格式不正確';
}

// Accounts (issue 4).
export const INVALID_MOBILE = '請輸入正確的台灣手機號碼（09 開頭共 10 碼）';
export const PASSWORD_RULE = '密碼需為 8 至 20 個字元，且同時包含英文字母與數字';
export const CODE_SENT = '驗證碼已發送';
export const CODE_WRONG = '驗證碼錯誤，請重新輸入';
export const CODE_EXPIRED = '驗證碼已失效，請重新獲取';
export const CODE_TOO_MANY_TRIES = '驗證碼錯誤次數過多，請重新獲取';
export const CODE_RESEND_WAIT = '請稍候再重新獲取驗證碼';
export const CODE_SEND_LIMIT = '獲取驗證碼次數過多，請一小時後再試';
export const LOGIN_FAILED_PASSWORD = '手機號碼或密碼錯誤';
export const PASSWORD_LOCKED = '密碼錯誤次數過多，請一小時後再試或改用驗證碼登入';
export const PASSWORD_ALREADY_SET = '已設定過密碼，請使用修改密碼';
export const PASSWORD_OLD_WRONG = '原密碼錯誤';
export const PASSWORD_NOT_SET = '尚未設定密碼，請先設定密碼';
export const DESTROY_OPEN_ORDER = '您尚有未結清的訂單，結清後才能註銷帳號';
export const CONSENT_REQUIRED = '請先閱讀並同意使用者條款與隱私權政策';
