/**
 * What the request layer and the server answer when a request fails: SPEC.md sections 5
 * and 8 (checked against its wording in messages.test.ts), then the server's generic refusals.
 */

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

// Texts SPEC.md does not give ("Messages for API error codes: not shown").
/** Any unexpected server error: details go to the log only. */
export const SERVER_ERROR = '系統忙碌中，請稍後再試';
/** Logged-in path called without a valid session. */
export const SESSION_EXPIRED = '登入已過期，請重新登入';
export const NOT_FOUND_CONFIG = '查無此設定';

/** A request field that fails its schema; names the field so the user (or support) can act. */
export function fieldInvalid(field: string): string {
  return field ? `欄位「${field}」格式不正確` : '請求內容格式不正確';
}
