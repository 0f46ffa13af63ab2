import { UPLOAD_NOT_IMAGE } from '@app/contract/messages/help-center.ts';
import type { TUploadImageResponse } from '@app/contract/schemas/upload.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import { detectImageType } from './image-type.ts';
import { imageUrlOf, newUploadKey } from './upload-key.ts';
import { insertUpload } from './uploads-repository.ts';

/** Stores an image of `userId` (by its bytes, not its declared type) and answers its key and URL. */
export async function storeImage(options: {
  db: Db;
  files: FileStorage;
  userId: number;
  bytes: Buffer;
}): Promise<TUploadImageResponse> {
  const { bytes, userId } = options;
  const type = detectImageType(bytes);
  if (!type) throw new AppError('BUSINESS_RULE', { userMessage: UPLOAD_NOT_IMAGE, message: 'upload is not an image' });
  const key = newUploadKey(type.ext);
  // The row is written after the file: a row never points at a missing file.
  await options.files.save(userId, key, bytes);
  await insertUpload(options.db, { key, userId, mime: type.mime, size: bytes.length });
  return { key, imageURL: imageUrlOf(key) };
}
