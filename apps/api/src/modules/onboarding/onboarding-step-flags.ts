import type { SQL, SQLWrapper } from 'drizzle-orm';
import { onboardingStepConditions } from './onboarding-repository.ts';

/**
 * Steps 1-3 done, as flags another module reads in one query with other owners' flags
 * (`userId`: a column or a placeholder), like auth's passwordSetFlag.
 */
export function onboardingStepFlags(userId: SQLWrapper): { personal: SQL<boolean>; contacts: SQL<boolean>; idCard: SQL<boolean> } {
  return onboardingStepConditions(userId);
}
