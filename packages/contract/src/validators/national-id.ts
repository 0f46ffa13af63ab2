/**
 * Taiwan national ID (身分證字號) and resident certificate (統一證號) checks.
 * Letter values per the Ministry of the Interior table; weights 1,9,8,7,6,5,4,3,2,1,1.
 */
/** Each first letter's value (Ministry of the Interior table), A to Z. */
export const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 10,
  B: 11,
  C: 12,
  D: 13,
  E: 14,
  F: 15,
  G: 16,
  H: 17,
  I: 34,
  J: 18,
  K: 19,
  L: 20,
  M: 21,
  N: 22,
  O: 35,
  P: 23,
  Q: 24,
  R: 25,
  S: 26,
  T: 27,
  U: 28,
  V: 29,
  W: 32,
  X: 30,
  Y: 31,
  Z: 33,
};
const DIGIT_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 1, 1] as const;

/** Checksum over a letter value and the nine characters after the letter, each a digit value. */
function checksumOk(letter: string, rest: readonly number[]): boolean {
  const value = LETTER_VALUES[letter];
  if (value === undefined || rest.length !== 9) return false;
  let sum = Math.floor(value / 10) + (value % 10) * 9;
  rest.forEach((digit, i) => {
    sum += digit * (DIGIT_WEIGHTS[i] ?? 0);
  });
  return sum % 10 === 0;
}

function digitsOf(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0) - 48);
}

/** `A123456789`: letter, 1 (male) or 2 (female), eight digits, valid checksum. */
export function isValidNationalId(input: string): boolean {
  const id = input.trim().toUpperCase();
  if (!/^[A-Z][12]\d{8}$/.test(id)) return false;
  return checksumOk(id.charAt(0), digitsOf(id.slice(1)));
}

/** New resident certificate since 2021-01-02: letter, 8 or 9, eight digits, same checksum. */
export function isValidNewResidentCertificate(input: string): boolean {
  const id = input.trim().toUpperCase();
  if (!/^[A-Z][89]\d{8}$/.test(id)) return false;
  return checksumOk(id.charAt(0), digitsOf(id.slice(1)));
}

/**
 * Old resident certificate: a letter, A-D (A or C male, B or D female), eight digits;
 * the second letter counts as (its value mod 10). Valid until 2031-01-01.
 */
export function isValidOldResidentCertificate(input: string): boolean {
  const id = input.trim().toUpperCase();
  if (!/^[A-Z][A-D]\d{8}$/.test(id)) return false;
  const second = LETTER_VALUES[id.charAt(1)];
  if (second === undefined) return false;
  return checksumOk(id.charAt(0), [second % 10, ...digitsOf(id.slice(2))]);
}

/** Any identity number a borrower may hold: national ID or either resident certificate. */
export function isValidTaiwanIdentityNumber(input: string): boolean {
  return isValidNationalId(input) || isValidNewResidentCertificate(input) || isValidOldResidentCertificate(input);
}

/** The ID number as stored and compared: trimmed, upper case. */
export function normalizeIdentityNumber(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * The sex the second character encodes: 1, 8, A, C male; 2, 9, B, D female; null for
 * anything else (check the number first with isValidTaiwanIdentityNumber).
 */
export function genderOfIdentityNumber(input: string): 'male' | 'female' | null {
  const second = normalizeIdentityNumber(input).charAt(1);
  if ('18AC'.includes(second) && second !== '') return 'male';
  if ('29BD'.includes(second) && second !== '') return 'female';
  return null;
}

/** `A12****789`: the first three and last three characters, for screens and lists. */
export function maskIdentityNumber(input: string): string {
  const id = normalizeIdentityNumber(input);
  return id.length === 10 ? `${id.slice(0, 3)}****${id.slice(-3)}` : '***';
}
