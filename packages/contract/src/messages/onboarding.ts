/** Onboarding: personal details, emergency contacts, ID card photos, and where 立即申請 goes. */

// Server refusals: each says what to fix, and none repeats what the user typed.
export const NAME_REQUIRED = '請輸入與身分證相同的姓名';
export const ID_NUMBER_INVALID = '身分證字號或統一證號格式不正確，請確認後重新輸入';
export const ID_NUMBER_REQUIRED = '請輸入身分證字號或統一證號';
export const ID_NUMBER_GENDER_MISMATCH = '身分證字號與所選性別不符，請確認後重新輸入';
export const ID_NUMBER_TAKEN = '此身分證字號無法使用，如有疑問請聯絡客服';
export const ID_NUMBER_CHECK_LIMIT = '身分證字號查詢次數過多，請一小時後再試';
export const BIRTH_DATE_INVALID = '請輸入正確的出生日期';
export const UNDER_AGE = '申請人須年滿 20 歲';
export const MONTHLY_INCOME_INVALID = '請輸入月收入（新臺幣整數金額）';
export const COUNTY_INVALID = '請選擇居住縣市';
export const DISTRICT_INVALID = '請選擇居住鄉鎮市區';
export const ADDRESS_REQUIRED = '請輸入居住地址';
export const EMAIL_INVALID = '請輸入正確的電子郵件信箱';
export const LINE_ID_INVALID = 'LINE ID 最多 32 個字元';
export const EMPLOYER_INVALID = '公司名稱最多 64 個字元';
export const CONTACTS_TOO_FEW = '請至少填寫兩位緊急聯絡人';
export const CONTACTS_TOO_MANY = '緊急聯絡人最多五位';
export const CONTACT_NAME_REQUIRED = '請輸入聯絡人姓名';
export const CONTACT_MOBILE_INVALID = '請輸入聯絡人正確的台灣手機號碼（09 開頭共 10 碼）';
export const CONTACTS_DUPLICATE = '緊急聯絡人的手機號碼不可重複';
export const CONTACT_IS_SELF = '緊急聯絡人不可填寫您本人的手機號碼';
export const CONTACT_CONSENT_REQUIRED = '請先閱讀並同意緊急聯絡人告知事項';
export const PHOTO_NOT_FOUND = '找不到上傳的圖片，請重新上傳';

/**
 * PDPA art. 9: what the user confirms to tell each contact, shown beside the consent box
 * and stored with its acceptance time.
 */
export const CONTACT_CONSENT_TEXT =
  '我已告知以上聯絡人：我將其姓名與手機號碼提供給本公司作為緊急聯絡人。本公司僅於無法聯繫我本人時，用以確認如何與我取得聯繫，' +
  '不會向聯絡人催收、透露借款內容或作其他用途；聯絡人得依個人資料保護法第 3 條請求查詢、更正或刪除其資料。';
export const CONTACT_CONSENT_LABEL = '我已閱讀並同意緊急聯絡人告知事項';

// Choices: the contract's keys → what the user reads.
export const GENDER_LABELS = { male: '男', female: '女' } as const;
export const MARITAL_STATUS_LABELS = { single: '未婚', married: '已婚', divorced: '離婚', widowed: '喪偶' } as const;
export const EDUCATION_LABELS = {
  junior_high_or_below: '國中以下',
  senior_high: '高中職',
  associate: '專科',
  bachelor: '大學',
  master_or_above: '碩士以上',
} as const;
export const OCCUPATION_LABELS = {
  employee: '受僱上班族',
  civil_servant: '軍公教',
  self_employed: '自營商',
  freelancer: '自由業',
  student: '學生',
  homemaker: '家管',
  retired: '退休',
  unemployed: '待業中',
  other: '其他',
} as const;
export const RELATIONSHIP_LABELS = {
  parent: '父母',
  spouse: '配偶',
  child: '子女',
  sibling: '兄弟姊妹',
  relative: '親戚',
  friend: '朋友',
  colleague: '同事',
} as const;
export const SECOND_DOCUMENT_LABELS = { health_insurance: '健保卡', driver_license: '駕照' } as const;

// The personal-data list (PDPA art. 3 access).
export const ONBOARDING_DATA_LIST = {
  personal: '個人明細',
  name: '姓名',
  idNumber: '身分證字號',
  birthDate: '出生日期',
  residence: '居住地址',
  email: '電子郵件',
  lineId: 'LINE ID',
  work: '職業與收入',
  contact: '緊急聯絡人',
  contactConsentAt: '緊急聯絡人告知同意時間',
  idCardFront: '身分證正面照片',
  idCardBack: '身分證反面照片',
  secondDocument: '第二證件',
  saved: '已上傳',
  none: '無',
} as const;
