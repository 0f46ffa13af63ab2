/**
 * The onboarding pages' own texts (steps 1-4, the bank pages, 資質 and the location
 * pages): labels, placeholders, hints, buttons and states. Refusals the server also
 * gives come from messages/onboarding.ts and messages/bank-accounts.ts.
 */

// Every step page.
export const PAGE_STEP_SAVE_NEXT = '儲存並繼續';
export const PAGE_STEP_SAVED = '已儲存';
export const PAGE_STEP_NEXT = '下一步';
export const PAGE_LOGIN_PROMPT = '登入後即可完成認證';
export const PAGE_PICK_PLACEHOLDER = '請選擇';
export const PAGE_CONFIRM = '確定';
export const PAGE_FIELD_REQUIRED = '此欄位為必填';

// Step 1 (個人明細).
export const USER_INFO_INTRO = '請填寫與身分證相同的資料，僅用於審核您的借款申請。';
export const USER_INFO_SECTION_BASIC = '基本資料';
export const USER_INFO_SECTION_WORK = '職業與收入';
export const USER_INFO_SECTION_HOME = '居住地址';
export const USER_INFO_SECTION_CONTACT = '聯絡方式';
export const USER_INFO_NAME = '姓名';
export const USER_INFO_NAME_PLACEHOLDER = '與身分證相同';
export const USER_INFO_GENDER = '性別';
export const USER_INFO_BIRTH_DATE = '出生日期';
export const USER_INFO_ID_NUMBER = '身分證字號';
export const USER_INFO_ID_NUMBER_PLACEHOLDER = '例：A123456789';
export const USER_INFO_ID_NUMBER_SAVED_HINT = '已儲存的號碼僅顯示部分；如需更正請重新輸入完整號碼';
export const USER_INFO_MARITAL_STATUS = '婚姻狀況';
export const USER_INFO_EDUCATION = '教育程度';
export const USER_INFO_OCCUPATION = '職業';
export const USER_INFO_EMPLOYER = '公司名稱';
export const USER_INFO_EMPLOYER_PLACEHOLDER = '選填';
export const USER_INFO_MONTHLY_INCOME = '月收入（新臺幣）';
export const USER_INFO_MONTHLY_INCOME_PLACEHOLDER = '例：35000';
export const USER_INFO_COUNTY_DISTRICT = '縣市／鄉鎮市區';
export const USER_INFO_ADDRESS = '詳細地址';
export const USER_INFO_ADDRESS_PLACEHOLDER = '路、街、巷、弄、號、樓';
export const USER_INFO_EMAIL = '電子郵件';
export const USER_INFO_EMAIL_PLACEHOLDER = 'name@example.com';
export const USER_INFO_LINE_ID = 'LINE ID';
export const USER_INFO_LINE_ID_PLACEHOLDER = '選填';
export const USER_INFO_VIEW_ON_MAP = '在地圖上查看';

// Step 2 (聯絡人).
export const CONTACT_PAGE_INTRO = '請填寫至少兩位可聯繫到您的親友。我們只在無法聯繫您本人時與其確認，絕不向聯絡人催收。';
export function contactPageHeading(index: number): string {
  return `緊急聯絡人 ${index}`;
}
export const CONTACT_PAGE_NAME = '姓名';
export const CONTACT_PAGE_NAME_PLACEHOLDER = '聯絡人姓名';
export const CONTACT_PAGE_RELATIONSHIP = '關係';
export const CONTACT_PAGE_MOBILE = '手機號碼';
export const CONTACT_PAGE_MOBILE_PLACEHOLDER = '09 開頭共 10 碼';
export const CONTACT_PAGE_ADD = '新增聯絡人';
export const CONTACT_PAGE_REMOVE = '刪除';
export const CONTACT_PAGE_SAVED_MOBILE_HINT = '已儲存的號碼僅顯示部分；修改聯絡人時請重新輸入完整號碼';

// Step 3 (身分證).
export const ID_CARD_PAGE_INTRO = '請拍攝身分證正反面，四角完整入鏡、文字清晰、無反光。照片僅用於核對身分。';
export const ID_CARD_PAGE_FRONT = '身分證正面';
export const ID_CARD_PAGE_BACK = '身分證反面';
export const ID_CARD_PAGE_FRAME_HINT = '請將證件對齊框線';
export const PHOTO_PICK_TAKE = '拍照';
export const PHOTO_PICK_ALBUM = '從相簿選擇';
export const PHOTO_PICK_RETAKE = '重新上傳';
export const PHOTO_PICK_UPLOADING = '上傳中';
export const PHOTO_PICK_UPLOADED = '已上傳';
export const PHOTO_PICK_SAVED = '已儲存';
export const PHOTO_PICK_REQUIRED = '請上傳身分證正反面照片';
export const PHOTO_PICK_UPLOAD_FAILED = '上傳失敗，請重新上傳';

// Step 4 and the bank pages.
export const BANK_PAGE_INFO_INTRO = '撥款將匯入您本人的銀行帳戶；戶名須與個人明細中的姓名相同。';
export const BANK_PAGE_INFO_CARDS = '已綁定的銀行卡';
export const BANK_PAGE_BANK_PLACEHOLDER = '請選擇銀行';
export const BANK_PAGE_BRANCH_PLACEHOLDER = '請選擇分行';
export const BANK_PAGE_BANK_REQUIRED = '請選擇銀行';
export const BANK_PAGE_PASSBOOK_FRAME_HINT = '請將存摺封面對齊框線';
export const BANK_PAGE_SELECT_LOADING = '銀行清單載入中';
export const BANK_PAGE_MANAGE = '管理銀行卡';

// 資質.
export const APTITUDE_INTRO = '完成以下五項認證，即可取得借款額度。';
export const APTITUDE_CREDIT_LIMIT = '您的借款額度';
export const APTITUDE_ALL_DONE = '認證已全部完成';
export const APTITUDE_GO = '去認證';
/** Once every step is done, 資質 leads into the application. */
export const APTITUDE_APPLY = '立即申請';
/** While steps remain: on to the first one. */
export const APTITUDE_CONTINUE = '繼續認證';
export const APTITUDE_LOGIN_PROMPT = '登入後即可查看您的認證項目與借款額度';

// Location pages.
export const LOCATION_COUNTY_DISTRICT = '縣市／鄉鎮市區';
export const LOCATION_ADDRESS = '詳細地址';
export const LOCATION_USE_CURRENT = '使用目前位置';
export const LOCATION_LOCATING = '定位中…';
export const LOCATION_DENIED = '無法取得目前位置，請確認已允許定位，或直接填寫地址';
export const LOCATION_UNSUPPORTED = '此瀏覽器不支援定位，請直接填寫地址';
export function locationCoordinates(latitude: number, longitude: number): string {
  return `目前位置：北緯 ${latitude.toFixed(5)}，東經 ${longitude.toFixed(5)}`;
}
export const LOCATION_CONFIRM = '確認地址';
export const LOCATION_OPEN_MAP = '在 Google 地圖開啟';
export const LOCATION_EMPTY = '尚無地址';
export const LOCATION_EMPTY_HINT = '選擇地址後即可在此查看';
export const LOCATION_CHOOSE = '選擇地址';
export const CONTACT_PAGE_EDIT = '修改聯絡人';
export const BANK_PAGE_POPULAR = '常用銀行';
export function bankCodeGroup(digit: string): string {
  return `代碼 ${digit} 開頭`;
}
