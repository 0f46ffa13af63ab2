/**
 * Taiwan bank account numbers: digits only, 10 to 16 long (post office 14). There is
 * no public checksum; ownership is checked by name match and passbook photo.
 */
export const BANK_ACCOUNT_MIN_LENGTH = 10;
export const BANK_ACCOUNT_MAX_LENGTH = 16;

export function isValidBankAccount(input: string): boolean {
  return /^\d+$/.test(input) && input.length >= BANK_ACCOUNT_MIN_LENGTH && input.length <= BANK_ACCOUNT_MAX_LENGTH;
}

/** Shows the last four digits only. */
export function maskBankAccount(account: string): string {
  return account.length > 4 ? `${'*'.repeat(account.length - 4)}${account.slice(-4)}` : '****';
}
