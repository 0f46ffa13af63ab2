import { ONBOARDING_STEP_KEYS, type OnboardingStepKey } from '@app/contract/schemas/user.ts';

/** Whether each onboarding step is done, as its owners report it. */
export type OnboardingStepStates = Readonly<Record<OnboardingStepKey, boolean>>;

/** The five steps in SPEC.md's order, each with its state. */
export function onboardingSteps(states: OnboardingStepStates): Array<{ key: OnboardingStepKey; done: boolean }> {
  return ONBOARDING_STEP_KEYS.map((key) => ({ key, done: states[key] }));
}

/**
 * The first step not yet done, in SPEC.md's order, or null when all are: a later step
 * done early (a bank card bound before the contacts) does not skip an earlier one.
 */
export function nextOnboardingStep(states: OnboardingStepStates): OnboardingStepKey | null {
  return ONBOARDING_STEP_KEYS.find((key) => !states[key]) ?? null;
}

/** Onboarding is complete when no step is left to do: the one rule who-am-I, the home page and the application read. */
export function isOnboardingComplete(states: OnboardingStepStates): boolean {
  return nextOnboardingStep(states) === null;
}
