import type { Db } from '../../db/client.ts';
import { upsertSecondDocument } from './onboarding-repository.ts';
import { requireOwnUploads } from './save-id-card-photos.ts';

/** Step 3's optional second document (health-insurance card or driver's licence), replacing an earlier one. */
export async function saveSecondDocument(options: { db: Db; userId: number; kind: string; imageKey: string }): Promise<void> {
  const { db, userId, kind, imageKey } = options;
  await requireOwnUploads({ db, userId, keys: [imageKey] });
  await upsertSecondDocument(db, userId, kind, imageKey);
}
