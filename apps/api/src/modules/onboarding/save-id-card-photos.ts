import { ID_CARD_NOT_CONFIRMED } from '@app/contract/messages/identity-document.ts';
import { PHOTO_NOT_FOUND } from '@app/contract/messages/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { upsertIdCardPhotos } from './onboarding-repository.ts';

/** Refuses any key that is not the user's own upload: another user's photo, or none at all, look the same. */
export async function requireOwnUploads(options: { db: Db; userId: number; keys: readonly string[] }): Promise<void> {
  const { db, userId, keys } = options;
  const owned = await Promise.all(keys.map((key) => isOwnUpload({ db, userId, key })));
  if (owned.includes(false)) throw new AppError('BUSINESS_RULE', { userMessage: PHOTO_NOT_FOUND, message: 'image key not an own upload' });
}

/**
 * Step 3: the ID card's front and back photos, replacing earlier ones. Only a front whose
 * reading the borrower confirmed (identity-document): an unread or unconfirmed card never
 * completes the step.
 */
export async function saveIdCardPhotos(options: {
  db: Db;
  userId: number;
  frontKey: string;
  backKey: string;
  /** Whether the borrower confirmed the reading of this front (identity-document owns the readings). */
  isFrontConfirmed: (check: { db: Db; userId: number; frontKey: string }) => Promise<boolean>;
}): Promise<void> {
  const { db, userId, frontKey, backKey } = options;
  await requireOwnUploads({ db, userId, keys: [frontKey, backKey] });
  if (!(await options.isFrontConfirmed({ db, userId, frontKey }))) {
    throw new AppError('BUSINESS_RULE', { userMessage: ID_CARD_NOT_CONFIRMED, message: 'id card front not confirmed' });
  }
  await upsertIdCardPhotos(db, userId, frontKey, backKey);
}
