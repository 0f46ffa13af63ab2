import type { Db } from '../../db/client.ts';
import { selectIdCardPhotos } from './onboarding-repository.ts';

/** Step 3's saved ID card photo keys (own uploads of the user), or null before step 3. */
export async function getIdCardPhotos(options: { db: Db; userId: number }): Promise<{ frontKey: string; backKey: string } | null> {
  return selectIdCardPhotos(options.db, options.userId);
}
