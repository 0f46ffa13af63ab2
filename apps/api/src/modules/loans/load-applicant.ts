import { ORDER_ALREADY_OPEN } from '@app/contract/messages/orders.ts';
import { LOAN_ONBOARDING_REQUIRED, loanCoolDown } from '@app/contract/messages/loans.ts';
import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { AppError } from '../../errors/app-error.ts';
import { creditLimitOf, highestProductMax } from './credit-limit.ts';
import { findLoanPosition, type LoanPosition } from './find-loan-position.ts';
import { selectProducts, type LoanProductRecord } from './loans-repository.ts';

export interface Applicant {
  position: LoanPosition;
  /** The enabled products. */
  products: LoanProductRecord[];
  creditLimit: number;
}

/** The caller's position, the enabled products and the credit limit, read together. */
export async function loadApplicant(options: { db: Db; userId: number; today: CalendarDate }): Promise<Applicant> {
  const [position, products] = await Promise.all([findLoanPosition(options), selectProducts(options.db)]);
  return {
    position,
    products,
    creditLimit: creditLimitOf({ onboardingComplete: position.onboardingComplete, highestProductMax: highestProductMax(products) }),
  };
}

/** Refuses a caller who has not completed the five onboarding steps. */
export function requireOnboarded(applicant: Applicant): void {
  if (applicant.position.nextStep !== null) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: LOAN_ONBOARDING_REQUIRED,
      message: `onboarding incomplete: ${applicant.position.nextStep}`,
    });
  }
}

/** Refuses a caller who may not apply now: an open order, or a refusal's cool-down. */
export function requireFreeToApply(applicant: Applicant): void {
  requireOnboarded(applicant);
  if (applicant.position.openOrder) {
    throw new AppError('BUSINESS_RULE', { userMessage: ORDER_ALREADY_OPEN, message: 'an order is already open' });
  }
  if (applicant.position.coolDownUntil) {
    throw new AppError('BUSINESS_RULE', { userMessage: loanCoolDown(applicant.position.coolDownUntil), message: 'cool-down running' });
  }
}
