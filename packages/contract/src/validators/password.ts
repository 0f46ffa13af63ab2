/** A new password (PASSWORD_RULE): 8-20 characters with at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_LETTER = /[A-Za-z]/;
export const PASSWORD_DIGIT = /\d/;

/**
 * Longest password a login (or a change with the old password) accepts: passwords are
 * compared, not re-checked against the rule, so the limit only bounds the work.
 */
export const TYPED_PASSWORD_MAX_LENGTH = 64;

export function isValidPassword(input: string): boolean {
  return (
    input.length >= PASSWORD_MIN_LENGTH && input.length <= PASSWORD_MAX_LENGTH && PASSWORD_LETTER.test(input) && PASSWORD_DIGIT.test(input)
  );
}
