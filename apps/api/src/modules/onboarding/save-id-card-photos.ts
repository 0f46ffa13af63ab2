import { PHOTO_NOT_FOUND } from '@app/contract/messages/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOwnUpload } from '../uploads/is-own-upload.ts';
import { upsertIdCardPhotos } from './onboarding-repository.ts';

/** Refuses any key that is not the user's own upload: another user's photo, or none at all, look the same. */
export async function requireOwnUploads(options: { db: Db; userId: number; keys: readonly string[] }): Promise<void> {
  const { db, userId, keys } = options;
  const owned = await Promise.all(keys.map((key) => isOwnUpload({ db, userId, key })));
  if (owned.includes(false)) throw new AppError('BUSINESS_RULE', { userMessage: PHOTO_NOT_FOUND, message: 'image key not an own upload' });
}

/** Step 3: the ID card's front and back photos, replacing earlier ones. OCR comes later. */
export async function saveIdCardPhotos(options: { db: Db; userId: number; frontKey: string; backKey: string }): Promise<void> {
  const { db, userId, frontKey, backKey } = options;
  await requireOwnUploads({ db, userId, keys: [frontKey, backKey] });
  await upsertIdCardPhotos(db, userId, frontKey, backKey);
}
