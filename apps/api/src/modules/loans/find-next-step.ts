import type { OnboardingStepKey } from '@app/contract/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { nextOnboardingStep, onboardingSteps } from '../../domain/onboarding-steps.ts';
import { hasBankAccount } from '../bank-accounts/has-bank-account.ts';
import { getOnboardingState } from '../onboarding/get-onboarding-state.ts';

/**
 * The onboarding steps with their states, from their owners, and the next one to do.
 * The face step (5) has no module yet: it is never done, so after the bank card the next
 * step is 'face' and nobody reaches 'apply' until it exists.
 */
export async function findNextStep(options: { db: Db; userId: number }): Promise<{
  steps: Array<{ key: OnboardingStepKey; done: boolean }>;
  next: OnboardingStepKey | null;
}> {
  const { db, userId } = options;
  const [own, bankCard] = await Promise.all([getOnboardingState({ db, userId }), hasBankAccount({ db, userId })]);
  const states = { ...own, bankCard, face: false };
  return { steps: onboardingSteps(states), next: nextOnboardingStep(states) };
}
