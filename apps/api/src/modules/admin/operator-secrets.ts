import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';

/**
 * The back office's secrets: tokens (session, enrolment link) are random and only their
 * keyed hash is stored, so a copy of the database opens no session; TOTP secrets are
 * stored encrypted (AES-256-GCM) under the admin secret; recovery codes are stored as
 * keyed hashes (they carry 50 random bits, so a keyed hash suffices where a password
 * needs argon2id).
 */

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = '小安貸後台';

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(secret: Buffer, token: string): string {
  return createHmac('sha256', secret).update(`token:${token}`).digest('base64url');
}

export function encryptSecret(secret: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
}

export function decryptSecret(secret: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpOf(base32: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

export function totpUri(base32: string, username: string): string {
  return totpOf(base32, username).toString();
}

/**
 * The time step a 6-digit code belongs to (the current one, or one step either side for a
 * phone's clock drift), or null when it matches none. The caller refuses a step already used.
 */
export function totpStepOf(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32, 'check').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of the step at `at` (tests and the browser test compute what an authenticator app shows). */
export function totpCodeAt(base32: string, at: Date): string {
  return totpOf(base32, 'check').generate({ timestamp: at.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time recovery codes, `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function recoveryCodeHash(secret: Buffer, code: string): string {
  return createHmac('sha256', secret).update(`recovery:${code.trim().toLowerCase()}`).digest('base64url');
}
