/** Reading the ID card's front (ocrCheck) and the user's confirmation (ocrConfirm). */

// Server refusals.
export const OCR_UNAVAILABLE = '目前無法辨識身分證，請稍後再試或直接填寫資料';
export const OCR_CHECK_LIMIT = '辨識次數過多，請一小時後再試或直接填寫資料';
export const OCR_READING_NOT_FOUND = '找不到這次的辨識結果，請重新辨識身分證';
export const ISSUE_DATE_INVALID = '請輸入正確的發證日期';
/** The photo gave no name, ID number nor birth date: nothing was stored; another photo is needed. */
export const OCR_UNREADABLE = '照片無法辨識，請將身分證正面對準框線、避免反光後重新拍攝';
/** Confirmed values that differ from step 1, without the borrower accepting the differences. */
export const OCR_DIFFERENCES_NOT_ACCEPTED = '身分證資料與您在個人明細填寫的不同，請回到個人明細更正，或確認以身分證為準並送人工審核';
/** Saving the photos before the front's reading is confirmed. */
export const ID_CARD_NOT_CONFIRMED = '請先辨識並確認身分證正面的資料，再儲存';

// The proposal on the ID-card page.
export const OCR_FIELD_LABELS = {
  name: '姓名',
  idNumber: '身分證字號',
  birthDate: '出生日期',
  gender: '性別',
  issueDate: '發證日期',
} as const;
export const OCR_START = '辨識身分證正面';
export const OCR_RUNNING = '辨識中…';
export const OCR_TITLE = '請核對辨識結果';
export const OCR_HINT = '以下資料由照片自動辨識，可能有誤；請逐項與身分證核對，不正確的請直接修改。';
export const OCR_CONFIDENCE_LOW = '辨識信心較低，請特別留意';
export const OCR_NOT_READ = '未能辨識，請填寫';
/** A field read but for one detail (the ID number's first letter, a look-alike character): one tap picks. */
export const OCR_PICK_ONE = '有一個字無法確定，請對照證件點選正確的一項';
export const OCR_GENDER_FROM_ID_NUMBER = '證件上的性別未能辨識，依身分證字號第二碼判斷，請核對';
export const OCR_ID_NUMBER_REJECTED = '讀到的身分證字號未通過檢查碼驗證，請依證件填寫';
export const OCR_STEP_ONE_DIFFERS = '與您在個人明細填寫的不同';
export const OCR_STEP_ONE_NOTE = '我們不會自動修改您的個人明細；如個人明細有誤，請回到個人明細更正。';
export const OCR_CONFIRM = '確認無誤';
export const OCR_CONFIRMED = '已確認身分證資料';
export const OCR_CORRECTED = '已修正';
export const OCR_FIELD_REQUIRED = '請依證件填寫';
export const OCR_RETAKE = '重新拍攝';
export const OCR_ACCEPT_DIFFERENCES = '以身分證為準，送人工審核';
export const OCR_FIX_STEP_ONE = '回到個人明細更正';
export const OCR_DIFFERENCES_TITLE = '身分證與個人明細不同';
export const ocrDifferencesContent = (fields: readonly string[]): string =>
  `${fields.join('、')}與您在個人明細填寫的不同。您可以回到個人明細更正；若身分證上的資料才正確，也可以以身分證為準送出，您的申請將由專人審核。`;
export const OCR_DIFFERENCES_ACCEPTED = '已確認以身分證為準，您的申請將由專人審核';
export const OCR_CONFIRM_FIRST = '請先核對並確認身分證資料';
export const OCR_PICK_DATE = '請選擇日期';
// Step 1's shortcut: the ID card front read to fill in the personal details.
export const ID_CARD_AUTOFILL = '拍身分證自動填寫';
export const ID_CARD_AUTOFILL_HINT = '拍下身分證正面，自動填入姓名、身分證字號、出生日期與性別；這張照片也會用在第 3 步。';
export const ID_CARD_AUTOFILL_DONE = '已依身分證填入，請逐項核對';
/** The date picker's columns, in the ROC calendar the card uses. */
export const rocYearLabel = (year: number): string => `民國 ${year} 年`;
export const monthLabel = (month: number): string => `${month} 月`;
export const dayLabel = (day: number): string => `${day} 日`;

// The personal-data list.
export const OCR_DATA_LIST = {
  reading: '身分證辨識（您確認的資料）',
  corrected: '您修正的欄位',
  none: '無',
} as const;
