/**
 * The app shell's texts: tabs, onboarding steps, popups, page titles and generic labels.
 * SPEC.md's own texts are checked against its wording in messages.test.ts.
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
export const ONBOARDING_STEPS = [STEP_PERSONAL, STEP_CONTACTS, STEP_ID_CARD, STEP_BANK_CARD, STEP_FACE] as const;

// Customer service and copy (SPEC.md sections 1, 8).
/** SPEC.md writes 已復製 (a wrong character: 復 is restore); users read 已複製. */
export const TOAST_COPIED = '已複製';

// Quit-confirmation popup (SPEC.md section 2).
export const QUIT_POPUP_CONTENT = '還差一點就可以申請貸款了 您確定要退出認證嗎？';
export const QUIT_POPUP_CONTINUE = '繼續認證';
export const QUIT_POPUP_LEAVE = '放棄並退出';

// Loading (SPEC.md section 4).
export const SLOW_NETWORK_TEXT = '當前網絡較差，請耐心等候';

// Generic labels and states SPEC.md does not give.
/** The generic modal's only button (SPEC.md: "OK button only"). */
export const MODAL_OK = '確定';
export const CHUNK_LOAD_FAILED = '頁面載入失敗，請檢查網絡後重試';
export const RETRY = '重試';
export const LOADING = '載入中…';
export const EMPTY_STATE = '暫無內容';
export const CANCEL = '取消';
export const SUBMIT = '送出';

// Page titles and shell labels SPEC.md does not give.
export const TITLE_INDEX = '首頁';
export const TITLE_APPLY_FOR = '申請貸款';
export const TITLE_PRODUCT_LIST = '貸款產品';
export const TITLE_SIGN = '簽署合約';
export const TITLE_SIGNATURE = '手寫簽名';
export const TITLE_LOAN_SUCCESS = '申請已送出';
export const TITLE_LOGIN = '登入';
export const TITLE_ORDER_DETAIL = '訂單詳情';
export const TITLE_ORDER_PAY = '還款';
export const TITLE_ORDER_CONTRACT = '借款合約';
export const TITLE_WEB_VIEW = '付款頁面';
export const TITLE_AGREEMENT = '協議與條款';
export const TITLE_FACE_GUIDE = '拍攝說明';
export const TITLE_BANK_LIST = '我的銀行卡';
export const TITLE_ADD_BANK = '新增銀行卡';
export const TITLE_CHOOSE_LOCATION = '選擇地址';
export const TITLE_OPEN_LOCATION = '查看地址';
export const BACK = '返回';
export const CLOSE = '關閉';
export const COPY = '複製';
export const SERVICE_BUTTON = '聯絡客服';
export const SERVICE_TITLE = 'LINE 客服';
export const SERVICE_QR_HINT = '掃描 QR Code 加入 LINE 好友';
export const SERVICE_LINE_ID = 'LINE ID';
export const SERVICE_LINE_LINK = 'LINE 連結';
/** Opens LINE on this phone (line.me link); the QR is for adding from another phone. */
export const SERVICE_LINE_OPEN = '加入 LINE 好友';
export const SERVICE_QR_OTHER_PHONE = '用另一支手機掃描 QR Code 加入 LINE 好友';
export const SERVICE_PHONE = '客服電話';
export const SERVICE_HOURS = '服務時間';
export const SERVICE_CALL = '撥打';
export const LENDER_REGISTRATION_NO = '統一編號';
export const LENDER_ADDRESS = '地址';
export const VIDEO_TOO_LONG = '影片長度不可超過 60 秒';
export const APP_CONFIG_INVALID = '應用設定錯誤，請聯絡客服';

// Delivery: offline state and new versions (the service worker).
export const OFFLINE_BANNER = '目前沒有網路連線，畫面上的資料不會更新；連上網路後再試一次。';
export const UPDATE_AVAILABLE = '新版本已可使用';
export const UPDATE_RELOAD = '立即更新';
export const UPDATE_LATER = '稍後';
/** 立即更新 once tapped, until the page reloads into the new version. */
export const UPDATE_APPLYING = '更新中…';
/** The tab bar's name for screen readers. */
export const TAB_BAR_LABEL = '主選單';

/**
 * Screen-reader labels antd-mobile 5.43 writes in Simplified Chinese inside its picker
 * wheel, whatever the locale (apps/web/scripts/antd-mobile-traditional.ts puts these in
 * their place at build time). `${label}` is the item read out.
 */
export const PICKER_WHEEL_LABELS: Readonly<Record<string, string>> = {
  '当前选择的是：': '目前選擇的是：',
  当前未选择: '目前未選擇',
  没有上一项: '沒有上一項',
  '选择上一项：': '選擇上一項：',
  没有下一项: '沒有下一項',
  '选择下一项：': '選擇下一項：',
};
