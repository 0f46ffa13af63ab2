/** Onboarding step 4 (銀行卡): the Taiwan bank list, branches and the user's bank accounts. */

// Refusals (the server answers these; forms show the same text before sending).
export const BANK_ACCOUNT_RULE = '銀行帳號須為 10 至 16 位數字';
export const BANK_UNKNOWN = '查無此銀行，請重新選擇';
/** The bank's account numbers have one known length (validators/bank-account.ts). */
export const bankAccountLengthRule = (bankName: string, length: number): string => `${bankName}的帳號為 ${length} 位數字，請確認後重新輸入`;
export const BANK_BRANCH_REQUIRED = '請選擇開戶分行';
export const BANK_BRANCH_NOT_OF_BANK = '所選分行不屬於此銀行，請重新選擇';
export const BANK_HOLDER_NAME_REQUIRED = '請輸入戶名';
export const BANK_HOLDER_NAME_MISMATCH = '戶名須與個人明細中的姓名相同';
export const BANK_PERSONAL_INFO_REQUIRED = '請先完成個人明細（第 1 步），再綁定銀行卡';
export const BANK_CARD_DUPLICATE = '此銀行帳號已綁定，請勿重複新增';
export const BANK_CARD_NOT_FOUND = '查無此銀行卡';
export const BANK_PASSBOOK_IMAGE_INVALID = '找不到上傳的存摺封面照片，請重新上傳';

// Pages: bank select, card list, add a card.
export const BANK_SELECT_SEARCH = '搜尋銀行名稱或代碼';
export const BANK_SELECT_EMPTY = '找不到符合的銀行';
export const bankBranchCount = (count: number): string => `共 ${count} 家分行`;
export const BANK_BRANCH_LABEL = '開戶分行';
export const BANK_BRANCH_SEARCH = '搜尋分行名稱、代碼或地區';
export const BANK_BRANCH_EMPTY = '找不到符合的分行';
export const BANK_BRANCH_OPTIONAL = '此銀行無分行清單，可不選擇分行';
export const BANK_NAME_LABEL = '銀行';
export const BANK_ACCOUNT_LABEL = '銀行帳號';
export const BANK_ACCOUNT_PLACEHOLDER = '請輸入 10 至 16 位數字帳號';
export const BANK_HOLDER_NAME_LABEL = '戶名';
export const BANK_HOLDER_NAME_HINT = '戶名須與個人明細中的姓名相同';
export const BANK_PASSBOOK_COVER_LABEL = '存摺封面照片（選填）';
export const BANK_PASSBOOK_COVER_HINT =
  '只需拍攝存摺封面（可看到戶名與帳號即可）。我們絕不會要求您提供提款卡、存摺本身、密碼或銀行簡訊驗證碼。';
export const BANK_CARD_LIST_TITLE = '我的銀行卡';
export const BANK_CARD_ADD = '新增銀行卡';
export const BANK_CARD_EMPTY = '尚未綁定銀行卡';
export const BANK_CARD_DEFAULT_BADGE = '預設';
export const BANK_CARD_SET_DEFAULT = '設為預設';
export const BANK_CARD_BOUND = '銀行卡綁定成功';
export const BANK_CARD_DEFAULT_CHANGED = '已設為預設銀行卡';
export const BANK_BRANCH_CHANGED = '開戶分行已更新';
export const BANK_PASSBOOK_SAVED = '存摺封面照片已上傳';
export const BANK_CARD_SUBMIT = '確認綁定';

// The personal-data list (PDPA art. 3).
export const BANK_DATA_LIST_CARDS = '已綁定的銀行卡';
