import { randomBytes } from 'node:crypto';
import { PATHS } from '@app/contract/paths.ts';

/** 128 random bits plus the detected extension: unguessable, and safe as a file name. */
const KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

export function newUploadKey(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Where the owner fetches it: an API path, never a public folder. */
export function imageUrlOf(key: string): string {
  return `${PATHS.uploadFile.path}?key=${key}`;
}
