import type { Db } from '../../db/client.ts';
import { selectLatestReadingOfFront } from './identity-document-repository.ts';

/**
 * Step 3 is complete only with a readable, confirmed card: the latest reading of this
 * front photo exists and the borrower confirmed it (agreeing with step 1, or with the
 * differences accepted). Onboarding asks this before saving the photos.
 */
export async function isIdCardFrontConfirmed(options: { db: Db; userId: number; frontKey: string }): Promise<boolean> {
  const reading = await selectLatestReadingOfFront(options.db, options.userId, options.frontKey);
  return reading?.confirmedAt != null;
}
