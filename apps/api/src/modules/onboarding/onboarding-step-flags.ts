import type { SQL } from 'drizzle-orm';
import { onboardingStepConditions } from './onboarding-repository.ts';

/**
 * Steps 1-3 done, as flags another module reads in one query with other owners' flags
 * (placeholder `userId`), like auth's passwordSetFlag.
 */
export function onboardingStepFlags(): { personal: SQL<boolean>; contacts: SQL<boolean>; idCard: SQL<boolean> } {
  return onboardingStepConditions();
}
