/** Legal documents, the FAQ, questions and feedback, and uploaded screenshots. */

// Agreements.
export function documentVersion(version: string, updatedAt: string): string {
  return `版本 ${version}・更新於 ${updatedAt}`;
}

// FAQ and feedback.
export const FAQ_TITLE = '常見問題與意見回饋';
export const FAQ_SEARCH_PLACEHOLDER = '搜尋常見問題';
export const FAQ_NO_RESULT = '找不到相關問題，歡迎直接留言詢問';
export const FEEDBACK_FORM_TITLE = '我要提問／回饋';
export const FEEDBACK_KIND_QUESTION = '問題';
export const FEEDBACK_KIND_FEEDBACK = '意見回饋';
export const FEEDBACK_PLACEHOLDER = '請描述您的問題或建議（5-1000 字）';
export const FEEDBACK_TOO_SHORT = '內容至少需要 5 個字';
export const FEEDBACK_SCREENSHOT = '截圖（選填）';
export const FEEDBACK_SENT = '已送出，我們會盡快回覆';
export const FEEDBACK_LOGIN_HINT = '登入後即可提問或回饋，並查看回覆';
export const MINE_TITLE = '我的提問與回饋';
export const QUESTION_STATE_LABELS = { open: '處理中', answered: '已回覆', closed: '已結案' } as const;
export const QUESTION_ANSWER_LABEL = '客服回覆';
export const QUESTION_HAS_IMAGE = '已附截圖';

export const DOCUMENT_NOT_FOUND = '查無此文件';
export const UPLOAD_NOT_IMAGE = '僅接受 JPG、PNG、WEBP 或 GIF 圖片';
export const UPLOAD_MISSING_FILE = '請選擇要上傳的圖片';
export const IMAGE_KEY_INVALID = '找不到上傳的圖片，請重新上傳';

/** The data list's line of the legal documents' versions a user accepted. */
export const DOCUMENTS_ACCEPTED_DATA_LIST_LABEL = '已同意的條款版本';
