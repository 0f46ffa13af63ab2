import { ONBOARDING_STEPS } from '@app/contract/messages/app-shell.ts';

/** Zero-based index of the current step ('1' is the first); unreadable → the first. */
export function stepIndex(current: string): number {
  const n = Number.parseInt(current, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(n, 1), ONBOARDING_STEPS.length) - 1;
}
