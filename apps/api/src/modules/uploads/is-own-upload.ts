import type { Db } from '../../db/client.ts';
import { isUploadKey } from './upload-key.ts';
import { selectOwnUpload } from './uploads-repository.ts';

/** Whether `key` is an upload of `userId` (for attaching it to something else). */
export async function isOwnUpload(options: { db: Db; userId: number; key: string }): Promise<boolean> {
  if (!isUploadKey(options.key)) return false;
  return (await selectOwnUpload(options.db, options.userId, options.key)) !== null;
}
