import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import { CipherError, IV_LENGTH, MIN_FRAME_LENGTH, base64ToBytes, bytesToBase64, decodeKey, type WireCipher } from './cipher-format.ts';

/**
 * Pure-JS AES-256-GCM for the browser: WebCrypto is missing on plain http origins,
 * and the app must also run there (local networks, test devices).
 */
export function createBrowserCipher(keyBase64: string): WireCipher & {
  encryptWithIv(plainText: string, iv: Uint8Array): string;
} {
  const key = decodeKey(keyBase64);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8', { fatal: true });

  function encryptWithIv(plainText: string, iv: Uint8Array): string {
    if (iv.length !== IV_LENGTH) throw new CipherError('bad iv length');
    const sealed = gcm(key, iv).encrypt(encoder.encode(plainText));
    const frame = new Uint8Array(IV_LENGTH + sealed.length);
    frame.set(iv, 0);
    frame.set(sealed, IV_LENGTH);
    return bytesToBase64(frame);
  }

  return {
    encryptWithIv,
    encrypt(plainText) {
      return encryptWithIv(plainText, randomBytes(IV_LENGTH));
    },
    decrypt(cipherText) {
      const frame = base64ToBytes(cipherText);
      if (frame.length < MIN_FRAME_LENGTH) throw new CipherError('truncated');
      try {
        const plain = gcm(key, frame.subarray(0, IV_LENGTH)).decrypt(frame.subarray(IV_LENGTH));
        return decoder.decode(plain);
      } catch {
        throw new CipherError('authentication failed');
      }
    },
  };
}
