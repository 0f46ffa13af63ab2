import type { OnboardingStepKey } from '@app/contract/schemas/user.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { findCoolDown, findOpenOrder } from '../orders/index.ts';
import { findNextStep } from './find-next-step.ts';

/** Where a logged-in user stands before applying, from the owners of each part. */
export interface LoanPosition {
  /** The next onboarding step to do; null once all five are done. */
  nextStep: OnboardingStepKey | null;
  /** All five steps done (the domain's isOnboardingComplete). */
  onboardingComplete: boolean;
  openOrder: { id: number; state: TOrderState } | null;
  /** The end of a refusal's cool-down still running today, or null. */
  coolDownUntil: CalendarDate | null;
}

export async function findLoanPosition(options: { db: Db; userId: number; today: CalendarDate }): Promise<LoanPosition> {
  const { db, userId, today } = options;
  const [steps, openOrder, coolDownUntil] = await Promise.all([
    findNextStep({ db, userId }),
    findOpenOrder({ db, userId }),
    findCoolDown({ db, userId, today }),
  ]);
  return { nextStep: steps.next, onboardingComplete: steps.complete, openOrder, coolDownUntil };
}

/**
 * The home card's state. An open order comes first (it is what the user follows), then a
 * refusal's cool-down, then onboarding.
 */
export function userLoanState(position: LoanPosition): 'onboarding' | 'ready' | 'openOrder' | 'coolDown' {
  if (position.openOrder) return 'openOrder';
  if (position.coolDownUntil) return 'coolDown';
  if (position.nextStep) return 'onboarding';
  return 'ready';
}
