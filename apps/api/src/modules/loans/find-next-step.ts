import type { OnboardingStepKey } from '@app/contract/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { isOnboardingComplete, nextOnboardingStep, onboardingSteps } from '../../domain/onboarding-steps.ts';
import { hasBankAccount } from '../bank-accounts/index.ts';
import { getFaceCheckState } from '../face-check/index.ts';
import { getOnboardingState } from '../onboarding/index.ts';

/**
 * The onboarding steps with their states, from their owners, and the next one to do.
 * The face step (5) is done once the server's check passed or handed the user to manual
 * review (modules/face-check).
 */
export async function findNextStep(options: { db: Db; userId: number }): Promise<{
  steps: Array<{ key: OnboardingStepKey; done: boolean }>;
  next: OnboardingStepKey | null;
  complete: boolean;
}> {
  const { db, userId } = options;
  const [own, bankCard, face] = await Promise.all([
    getOnboardingState({ db, userId }),
    hasBankAccount({ db, userId }),
    getFaceCheckState({ db, userId }),
  ]);
  const states = { ...own, bankCard, face: face.done };
  return { steps: onboardingSteps(states), next: nextOnboardingStep(states), complete: isOnboardingComplete(states) };
}
