/**
 * What other modules may use of `onboarding` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import { normalizeIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import {
  selectUserIdByIdNumber,
  selectIdCardPhotos,
  selectStepStates,
  selectPersonalDetails,
  onboardingStepConditions,
} from './onboarding-repository.ts';
import type { SQL, SQLWrapper } from 'drizzle-orm';

export { ageOn } from './adult-age.ts';
export { getBorrowerIdentity, isSameIdNumber } from './get-borrower-identity.ts';
export { queryUserDetail } from './query-user-detail.ts';

/**
 * Who holds an ID number (exact match, as typed: spaces and case ignored), for staff
 * search; null when nobody does. The one place a lookup by ID number happens, so storing
 * the number differently (encrypted, found through a blind index) changes only this.
 */
export async function findUserIdByIdNumber(options: { db: Db; idNumber: string }): Promise<number | null> {
  return selectUserIdByIdNumber(options.db, normalizeIdentityNumber(options.idNumber));
}

/** Step 3's saved ID card photo keys (own uploads of the user), or null before step 3. */
export async function getIdCardPhotos(options: { db: Db; userId: number }): Promise<{ frontKey: string; backKey: string } | null> {
  return selectIdCardPhotos(options.db, options.userId);
}

/** Whether steps 1-3 (personal details, contacts, ID card photos) are done, in one query. */
export async function getOnboardingState(options: {
  db: Db;
  userId: number;
}): Promise<{ personal: boolean; contacts: boolean; idCard: boolean }> {
  return selectStepStates(options.db, options.userId);
}

/**
 * The name the user gave in step 1 (as on their ID card), or null before step 1; bank
 * accounts compare the holder name with it.
 */
export async function getVerifiedName(options: { db: Db; userId: number }): Promise<string | null> {
  return (await selectPersonalDetails(options.db, options.userId))?.name ?? null;
}

/**
 * Steps 1-3 done, as flags another module reads in one query with other owners' flags
 * (`userId`: a column or a placeholder), like auth's passwordSetFlag.
 */
export function onboardingStepFlags(userId: SQLWrapper): { personal: SQL<boolean>; contacts: SQL<boolean>; idCard: SQL<boolean> } {
  return onboardingStepConditions(userId);
}
