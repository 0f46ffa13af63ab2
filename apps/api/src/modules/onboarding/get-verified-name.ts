import type { Db } from '../../db/client.ts';
import { selectPersonalDetails } from './onboarding-repository.ts';

/**
 * The name the user gave in step 1 (as on their ID card), or null before step 1; bank
 * accounts compare the holder name with it.
 */
export async function getVerifiedName(options: { db: Db; userId: number }): Promise<string | null> {
  return (await selectPersonalDetails(options.db, options.userId))?.name ?? null;
}
