import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import { isUploadKey } from './upload-key.ts';
import { selectOwnUpload } from './uploads-repository.ts';

/** The bytes of `key` if `userId` owns it; null otherwise (missing and foreign look alike). */
export async function readOwnImage(options: {
  db: Db;
  files: FileStorage;
  userId: number;
  key: string;
}): Promise<{ mime: string; bytes: Buffer } | null> {
  const { key, userId } = options;
  if (!isUploadKey(key)) return null;
  const upload = await selectOwnUpload(options.db, userId, key);
  if (!upload) return null;
  const bytes = await options.files.read(userId, key);
  return bytes ? { mime: upload.mime, bytes } : null;
}
