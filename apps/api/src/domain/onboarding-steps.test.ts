import { describe, expect, it } from 'vitest';
import { nextOnboardingStep, onboardingSteps, type OnboardingStepStates } from './onboarding-steps.ts';

const none: OnboardingStepStates = { personal: false, contacts: false, idCard: false, bankCard: false, face: false };

describe('the next onboarding step', () => {
  it.each([
    [none, 'personal'],
    [{ ...none, personal: true }, 'contacts'],
    [{ ...none, personal: true, contacts: true }, 'idCard'],
    [{ ...none, personal: true, contacts: true, idCard: true }, 'bankCard'],
    [{ ...none, personal: true, contacts: true, idCard: true, bankCard: true }, 'face'],
    [{ personal: true, contacts: true, idCard: true, bankCard: true, face: true }, null],
  ] as const)('after %j is %s', (states, next) => {
    expect(nextOnboardingStep(states)).toBe(next);
  });

  it('is the earliest step left, even when a later one was done first', () => {
    expect(nextOnboardingStep({ ...none, personal: true, bankCard: true })).toBe('contacts');
  });

  it('lists the five steps in order with their states', () => {
    expect(onboardingSteps({ ...none, personal: true })).toEqual([
      { key: 'personal', done: true },
      { key: 'contacts', done: false },
      { key: 'idCard', done: false },
      { key: 'bankCard', done: false },
      { key: 'face', done: false },
    ]);
  });
});
