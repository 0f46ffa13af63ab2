/** The SMS verification code: exactly this many digits (CODE_REQUIRED says the same). */
export const VERIFY_CODE_LENGTH = 6;

export const VERIFY_CODE_PATTERN = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);

export function isVerifyCode(input: string): boolean {
  return VERIFY_CODE_PATTERN.test(input);
}
