/** Accounts: verification codes, login, passwords, the me page, deletion and the PDPA data list. */

// Server refusals.
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
/** Overpaid money still kept for the user: refunded first, to the account they name while it exists. */
export const DESTROY_CREDIT_LEFT = '您尚有溢繳款項待退還，請先聯絡客服辦理退款後再註銷帳號';
export const CONSENT_REQUIRED = '請先閱讀並同意使用者條款與隱私權政策';

// Login and the campaign landing (moduleB).
export const LOGIN_TITLE = '登入／註冊';
export const MOBILE_PREFIX = '+886';
export const MOBILE_PLACEHOLDER = '請輸入手機號碼';
export const GET_CODE = '獲取驗證碼';
export function resendIn(seconds: number): string {
  return `${seconds} 秒後重新獲取`;
}
export const CODE_PLACEHOLDER = '請輸入 6 位數驗證碼';
export const CODE_REQUIRED = '請輸入 6 位數驗證碼';
export const PASSWORD_PLACEHOLDER = '請輸入密碼';
export const PASSWORD_REQUIRED = '請輸入密碼';
export const LOGIN_SUBMIT = '登入';
export const LOGIN_WITH_PASSWORD = '使用密碼登入';
export const LOGIN_WITH_CODE = '使用驗證碼登入';
export const LOGIN_AUTO_REGISTER = '未註冊的手機號碼，驗證後將自動建立帳號';
export const CONSENT_PREFIX = '我已閱讀並同意';
export const CONSENT_AND = '與';
export const DOC_USER_AGREEMENT = '使用者條款';
export const DOC_PRIVACY_POLICY = '隱私權政策';
export const DOC_LOAN_CONTRACT = '借款合約範本';
export const LOGIN_SUCCESS = '登入成功';
export const CAMPAIGN_APR_PROMISE = '總費用年百分率最高 16%';
export const CAMPAIGN_NO_DEDUCTION = '撥款不預扣任何費用，借多少拿多少';
export const CAMPAIGN_BENEFITS = [
  { title: '費用全揭露', text: '簽約前即可看到本金、利息、每筆費用、每期金額與總費用年百分率。' },
  { title: '足額撥款', text: '不收開辦費、不預扣利息，核准金額全數匯入您的帳戶。' },
  { title: '線上完成', text: '手機驗證碼登入、線上認證與簽約，LINE 客服隨時協助。' },
] as const;
export const CAMPAIGN_FORM_TITLE = '登入後立即申請';
export const CAMPAIGN_APR_NOTE = '總費用年百分率不等於借款利率，實際費用以簽約前顯示的試算為準。';

// Me page.
export const ME_LOGIN_PROMPT = '登入後即可查看認證進度與帳戶設定';
export const ME_LOGIN_BUTTON = '登入／註冊';
export const ME_PROGRESS_TITLE = '認證進度';
export function progressCount(done: number, total: number): string {
  return `已完成 ${done}/${total}`;
}
export const STEP_STATE_DONE = '已完成';
export const STEP_STATE_TODO = '未完成';
export const ME_CREDIT_LIMIT = '可用額度';
export const ME_MENU_PROFILE = '個人資料';
export const ME_MENU_BANK = '銀行卡';
export const ME_MENU_AGREEMENT = '協議';
export const ME_MENU_FAQ = '常見問題與意見回饋';
export const ME_MENU_SET_PASSWORD = '設定密碼';
export const ME_MENU_EDIT_PASSWORD = '修改密碼';
/** PDPA art. 3: what the company holds (read-only), unlike 個人資料 (step 1, editable). */
export const ME_MENU_MY_DATA = '個資查閱';
export const ME_MENU_MY_DATA_NOTE = '本公司保存的您的資料';
export const ME_MENU_PROFILE_NOTE = '姓名、地址、工作與收入';
export const ME_MENU_BANK_NOTE = '收款帳戶與預設卡';
/** 可用額度 while a loan is open: new applications wait until it is settled. */
export const ME_CREDIT_OPEN_ORDER = '您有一筆借款尚未結清，結清後即可再次申請';
export const ME_MENU_LOGOUT = '登出';
export const ME_MENU_DESTROY = '註銷帳號';
export const LOGOUT_CONFIRM = '確定要登出嗎？';
export const LOGOUT_DONE = '已登出';

// Passwords.
export const PASSWORD_NEW_PLACEHOLDER = '新密碼（8-20 個字元，含英文與數字）';
export const PASSWORD_REPEAT_PLACEHOLDER = '再次輸入新密碼';
export const PASSWORD_OLD_PLACEHOLDER = '原密碼';
export const PASSWORD_MISMATCH = '兩次輸入的新密碼不一致';
export const PASSWORD_BY_OLD = '用原密碼修改';
export const PASSWORD_BY_CODE = '用驗證碼修改';
export function codeGoesTo(maskedMobile: string): string {
  return `驗證碼將發送至 ${maskedMobile}`;
}
export const PASSWORD_SAVED = '密碼已設定';
export const PASSWORD_CHANGED = '密碼已修改';

// Account deletion: what happens, in plain words, before the user confirms.
export const DESTROY_INTRO = '註銷前請確認以下事項：';
export const DESTROY_CONSEQUENCES = [
  '將刪除：手機號碼、姓名、身分證字號、緊急聯絡人、銀行帳戶、身分證與自拍照片、登入密碼、裝置資訊，以及您的提問與回饋。',
  '使用紀錄僅以不具名方式保留作統計，不再與您連結。',
  '將保留：法律規定須保存的借款、還款紀錄與已簽署合約，與您的身分資料分離後保存至法定期限屆滿。',
  '所有裝置上的登入將立即失效。',
  '註銷後無法復原；之後以同一手機號碼登入，將視為新用戶重新註冊。',
  '尚有未結清的訂單時，無法註銷帳號。',
] as const;
export const DESTROY_SUBMIT = '確認註銷';
export const DESTROY_FINAL_CONFIRM = '註銷後無法復原，確定要註銷帳號嗎？';
export const DESTROY_DONE = '帳號已註銷';

// PDPA access (我的個人資料).
export const MY_DATA_INTRO = '依個人資料保護法，您可隨時查閱我們保存的您的個人資料。';

/** The SMS that carries a verification code; says how long it lasts and not to share it. */
export function smsVerifyCodeText(productName: string, code: string, minutes: number): string {
  return `【${productName}】您的驗證碼為 ${code}，${minutes} 分鐘內有效。請勿將驗證碼告訴任何人，本公司不會向您索取。`;
}

/** Labels of the personal-data list (data/list, PDPA art. 3 right of access). */
export const DATA_LIST = {
  account: '帳號',
  identity: '身分資料',
  contacts: '緊急聯絡人',
  bankAccounts: '銀行帳戶',
  mobile: '手機號碼',
  registeredAt: '註冊時間',
  password: '登入密碼',
  passwordSet: '已設定',
  passwordNotSet: '未設定',
  sourceChannel: '註冊來源',
  devices: '登入紀錄與裝置',
  activeSessions: '目前登入中的裝置數',
  lastLogin: '最近登入時間',
  device: '裝置',
  push: '推播通知',
  pushSubscribed: '已訂閱',
  pushNotSubscribed: '未訂閱',
  pushDevices: '訂閱的瀏覽器數',
  shared: '您分享的資料',
  sharedApp: '應用程式',
  sharedContact: '聯絡人',
  nothingShared: '未分享任何資料',
  feedback: '意見回饋',
  feedbackCount: '提問與回饋筆數',
  files: '上傳的圖片',
  filesCount: '圖片數',
  loans: '借款紀錄',
  loansCount: '訂單筆數',
  none: '無',
} as const;
