/**
 * The wire cipher's framing, shared by the browser and server implementations:
 * text = base64(iv[12] ‖ ciphertext ‖ tag[16]), AES-256-GCM, key = base64 of 32 bytes.
 * Both implementations must reproduce `test-vectors/cipher.json`.
 */
export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;
export const KEY_LENGTH = 32;

/** Thrown for every undecodable input: wrong key, tampered, truncated, not base64, empty. */
export class CipherError extends Error {
  constructor(reason: string) {
    super(`cipher: ${reason}`);
    this.name = 'CipherError';
  }
}

export interface WireCipher {
  encrypt(plainText: string): string;
  decrypt(cipherText: string): string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64 check: lenient decoders silently drop bad characters, which would hide tampering. */
export function isStrictBase64(text: string): boolean {
  return text.length > 0 && BASE64.test(text);
}

export function base64ToBytes(text: string): Uint8Array {
  if (!isStrictBase64(text)) throw new CipherError('not base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function decodeKey(keyBase64: string): Uint8Array {
  const key = base64ToBytes(keyBase64);
  if (key.length !== KEY_LENGTH) throw new CipherError(`key must be ${KEY_LENGTH} bytes`);
  return key;
}

/** Minimum framed length: an empty plaintext still carries iv and tag. */
export const MIN_FRAME_LENGTH = IV_LENGTH + TAG_LENGTH;
