import { UPLOAD_NOT_IMAGE } from '@app/contract/messages/help-center.ts';
import type { TUploadImageResponse } from '@app/contract/schemas/upload.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import { detectImageType } from './image-type.ts';
import { mayHoldMetadata, stripImageMetadata } from './strip-image-metadata.ts';
import { imageUrlOf, newUploadKey } from './upload-key.ts';
import { insertUpload } from './uploads-repository.ts';

/**
 * Stores an image of `userId` (by its bytes, not its declared type) without its metadata
 * (EXIF with the GPS position, XMP, comments), and answers its key and URL. The storage
 * only ever sees cleaned bytes, whatever store implements it.
 */
export async function storeImage(options: { db: Db; files: FileStorage; userId: number; bytes: Buffer }): Promise<TUploadImageResponse> {
  const { bytes, userId } = options;
  const type = detectImageType(bytes);
  const notImage = (message: string) => new AppError('BUSINESS_RULE', { userMessage: UPLOAD_NOT_IMAGE, message });
  if (!type) throw notImage('upload is not an image');
  const stripped = stripImageMetadata(bytes, type);
  // A file whose structure does not parse cannot be cleaned: it is refused when it shows
  // any sign of metadata, else kept as sent (nothing in it to remove).
  if (stripped === null && mayHoldMetadata(bytes)) throw notImage('unparsable image with metadata');
  const clean = stripped ? Buffer.from(stripped.buffer, stripped.byteOffset, stripped.byteLength) : bytes;
  const key = newUploadKey(type.ext);
  // The row is written after the file: a row never points at a missing file.
  await options.files.save(userId, key, clean);
  await insertUpload(options.db, { key, userId, mime: type.mime, size: clean.length });
  return { key, imageURL: imageUrlOf(key) };
}
