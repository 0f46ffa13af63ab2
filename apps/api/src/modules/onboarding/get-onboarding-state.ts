import type { Db } from '../../db/client.ts';
import { selectStepStates } from './onboarding-repository.ts';

/** Whether steps 1-3 (personal details, contacts, ID card photos) are done, in one query. */
export async function getOnboardingState(options: { db: Db; userId: number }): Promise<{ personal: boolean; contacts: boolean; idCard: boolean }> {
  return selectStepStates(options.db, options.userId);
}
