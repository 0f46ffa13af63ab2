import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFY_CODE_LENGTH } from '@app/contract/validators/verify-code.ts';

/**
 * Verification codes are stored as HMAC-SHA256 under a server-only key: with 10^6
 * possible codes a plain hash would be reversed in milliseconds from a leaked table.
 * The key is derived (HKDF) from the configured secret, so the same secret can serve
 * other purposes under other labels without one leaking the other.
 */
export function deriveCodeKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'verification-code-hmac-v1', 32));
}

/** VERIFY_CODE_LENGTH digits from a CSPRNG; leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
}

/** Bound to the number and purpose: a code sent for login cannot delete an account. */
export function hashCode(key: Buffer, phone: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${phone}\n${code}`).digest('hex');
}

export function codeMatches(key: Buffer, phone: string, purpose: string, code: string, storedHex: string): boolean {
  const expected = Buffer.from(hashCode(key, phone, purpose, code), 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return stored.length === expected.length && timingSafeEqual(stored, expected);
}
