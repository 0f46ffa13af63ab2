/**
 * Taiwan bank account numbers: digits only, 10 to 16 long (mostly 10-14, post office 14,
 * up to 16 in transfer interfaces). There is no public checksum; ownership is checked by
 * the holder-name match and the passbook-cover photo.
 */
export const BANK_ACCOUNT_MIN_LENGTH = 10;
export const BANK_ACCOUNT_MAX_LENGTH = 16;

/**
 * Account-number lengths a bank is known to use (DOMAIN.md): 中華郵政's accounts are 14
 * digits. A bank not listed is held to the general 10-16 only; add a bank here once its
 * published length is confirmed.
 */
export const BANK_ACCOUNT_LENGTHS: Readonly<Record<string, number>> = { '700': 14 };

/** The bank's account length, when it is known. */
export function bankAccountLengthOf(bankCode: string): number | undefined {
  return Object.hasOwn(BANK_ACCOUNT_LENGTHS, bankCode) ? BANK_ACCOUNT_LENGTHS[bankCode] : undefined;
}

/** The general rule and, where the bank's length is known, that length; on an already normalised number. */
export function fitsBankAccountLength(bankCode: string, account: string): boolean {
  const length = bankAccountLengthOf(bankCode);
  return length === undefined || account.length === length;
}

/** A bank's 3-digit code (銀行代碼). */
export const BANK_CODE_PATTERN = /^\d{3}$/;
/** A branch's 7-digit code: the bank's 3 digits and 4 more. Checked against the list, not a formula. */
export const BANK_BRANCH_CODE_PATTERN = /^\d{7}$/;

/**
 * What people type, as the account number: spaces and hyphens (as printed on passbooks,
 * `0123-456-789012`) are dropped; anything else is kept for the rule to refuse.
 */
export function normalizeBankAccount(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The rule, on an already normalised number. */
export function isValidBankAccount(input: string): boolean {
  return /^\d+$/.test(input) && input.length >= BANK_ACCOUNT_MIN_LENGTH && input.length <= BANK_ACCOUNT_MAX_LENGTH;
}

/** The last four digits behind four stars, whatever the length (the length says nothing then). */
export function maskBankAccount(account: string): string {
  return `****${account.length > 4 ? account.slice(-4) : ''}`;
}
