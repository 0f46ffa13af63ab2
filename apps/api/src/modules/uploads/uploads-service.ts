import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PATHS } from '@app/contract/paths.ts';
import { UPLOAD_NOT_IMAGE } from '@app/contract/messages/help-center.ts';
import type { TUploadImageResponse } from '@app/contract/schemas/upload.ts';
import type { Db } from '../../db/client.ts';
import { uploadedFiles } from '../../db/schema-accounts.ts';
import { AppError } from '../../errors/app-error.ts';
import { userFilesDir } from '../accounts/destroy-account.ts';
import { detectImageType } from './image-type.ts';

/** 128 random bits plus the detected extension: unguessable, and safe as a file name. */
const KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

export function imageUrlOf(key: string): string {
  return `${PATHS.uploadFile.path}?key=${key}`;
}

/** Stores an image of `userId` under its own folder and records it; answers its key and URL. */
export async function storeImage(
  db: Db,
  filesDir: string,
  userId: number,
  bytes: Buffer,
): Promise<TUploadImageResponse> {
  const type = detectImageType(bytes);
  if (!type) throw new AppError('BUSINESS_RULE', { userMessage: UPLOAD_NOT_IMAGE, message: 'upload is not an image' });
  const key = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const dir = userFilesDir(filesDir, userId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The row is written after the file: a row never points at a missing file.
  await writeFile(path.join(dir, key), bytes, { mode: 0o600, flag: 'wx' });
  await db.insert(uploadedFiles).values({ key, userId, mime: type.mime, size: bytes.length });
  return { key, imageURL: imageUrlOf(key) };
}

/** The bytes of `key` if `userId` owns it; null otherwise (missing and foreign look alike). */
export async function readOwnImage(
  db: Db,
  filesDir: string,
  userId: number,
  key: string,
): Promise<{ mime: string; bytes: Buffer } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const [row] = await db
    .select({ mime: uploadedFiles.mime })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.key, key), eq(uploadedFiles.userId, userId)))
    .limit(1);
  if (!row) return null;
  try {
    return { mime: row.mime, bytes: await readFile(path.join(userFilesDir(filesDir, userId), key)) };
  } catch {
    return null;
  }
}
