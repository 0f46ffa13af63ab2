/**
 * What other modules may use of `uploads` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import { isUploadKey } from './upload-key.ts';
import { selectOwnUpload } from './uploads-repository.ts';

export { readOwnImage } from './read-own-image.ts';

/** Whether `key` is an upload of `userId` (for attaching it to something else). */
export async function isOwnUpload(options: { db: Db; userId: number; key: string }): Promise<boolean> {
  if (!isUploadKey(options.key)) return false;
  return (await selectOwnUpload(options.db, options.userId, options.key)) !== null;
}
