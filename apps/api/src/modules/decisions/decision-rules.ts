import { MIN_BORROWER_AGE } from '@app/contract/validators/borrower-age.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { RuleOutcome } from '../../db/schema/decisions.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { ageOn } from '../onboarding/index.ts';

/**
 * The decision engine's explicit rules (PRODUCT.md "Orders: one state machine"), pure:
 * the facts are gathered from their owners, `today` is the Taipei date of the decision.
 * Every rule is evaluated and recorded, so a refusal names all its reasons.
 */

export const DECISION_RULES = [
  'adultAge',
  'nationalIdChecksum',
  'onboardingComplete',
  'faceCheck',
  'idCardMatchesStepOne',
  'noOverdueOrder',
  'creditLimit',
  'reviewAmount',
] as const;
export type DecisionRule = (typeof DECISION_RULES)[number];

export interface DecisionFacts {
  /** Step 1's birth date ('YYYY-MM-DD') and checksum verdict; null before step 1. */
  identity: { birthDate: string; idNumberChecksumValid: boolean } | null;
  /** Onboarding steps 1-4 (personal details, contacts, ID card photos, a bank account). */
  steps: { personal: boolean; contacts: boolean; idCard: boolean; bankCard: boolean };
  /** Step 5: `passed` by the server's comparison; `done` also in manual review after repeated failures. */
  face: { done: boolean; passed: boolean };
  /** The step-1 fields the confirmed ID card differs in, accepted by the borrower (none: it agrees). */
  idCardDifferences: readonly string[];
  /** The user's open order other than this one, if any (one open order per user). */
  otherOpenOrder: { id: number; state: TOrderState } | null;
  /** The order's principal and the credit limit it is measured against (NT$). */
  principal: number;
  creditLimit: number;
  /** The thresholds in force (decision-policy.ts): their version, and the amount above which staff decide. */
  policy: { version: number; manualReviewAbove: number | null };
}

export interface RuleResult {
  rule: DecisionRule;
  outcome: RuleOutcome;
  /** Figures compared (never an ID number, name or account). */
  detail: Record<string, unknown>;
}

export type Verdict = 'approved' | 'refused' | 'manualReview';

export function evaluateDecisionRules(facts: DecisionFacts, today: CalendarDate): RuleResult[] {
  const { identity, steps, face } = facts;
  const age = identity ? ageOn(identity.birthDate, today) : null;
  const missingSteps = Object.entries(steps)
    .filter(([, done]) => !done)
    .map(([step]) => step);
  return [
    {
      rule: 'adultAge',
      outcome: age !== null && age >= MIN_BORROWER_AGE ? 'passed' : 'refused',
      detail: { age, minimum: MIN_BORROWER_AGE, on: today },
    },
    {
      rule: 'nationalIdChecksum',
      outcome: identity?.idNumberChecksumValid ? 'passed' : 'refused',
      detail: {},
    },
    {
      rule: 'onboardingComplete',
      outcome: missingSteps.length === 0 ? 'passed' : 'refused',
      detail: { missingSteps },
    },
    {
      rule: 'faceCheck',
      // Manual review after repeated failures is not a pass: staff decide, not the engine.
      outcome: face.passed ? 'passed' : face.done ? 'manualReview' : 'refused',
      detail: { passed: face.passed, manualReview: face.done && !face.passed },
    },
    {
      rule: 'idCardMatchesStepOne',
      // Differences the borrower accepted in step 3 are for staff to judge, never a pass.
      outcome: facts.idCardDifferences.length === 0 ? 'passed' : 'manualReview',
      detail: { differingFields: [...facts.idCardDifferences] },
    },
    {
      rule: 'noOverdueOrder',
      outcome: facts.otherOpenOrder?.state === '已逾期' ? 'refused' : 'passed',
      detail: facts.otherOpenOrder ? { otherOrderState: facts.otherOpenOrder.state } : {},
    },
    {
      rule: 'creditLimit',
      outcome: facts.principal <= facts.creditLimit ? 'passed' : 'refused',
      detail: { principal: facts.principal, creditLimit: facts.creditLimit },
    },
    {
      rule: 'reviewAmount',
      // A lender's threshold, not a refusal: above it a person looks before the money goes.
      outcome: facts.policy.manualReviewAbove !== null && facts.principal > facts.policy.manualReviewAbove ? 'manualReview' : 'passed',
      detail: { principal: facts.principal, manualReviewAbove: facts.policy.manualReviewAbove, policyVersion: facts.policy.version },
    },
  ];
}

/** Any refusal refuses; otherwise a rule awaiting staff keeps the order 審核中; otherwise approved. */
export function verdictOf(results: readonly RuleResult[]): Verdict {
  if (results.some((result) => result.outcome === 'refused')) return 'refused';
  if (results.some((result) => result.outcome === 'manualReview')) return 'manualReview';
  return 'approved';
}

/** The refusal's reason codes, in rule order. */
export function refusalCodesOf(results: readonly RuleResult[]): DecisionRule[] {
  return results.filter((result) => result.outcome === 'refused').map((result) => result.rule);
}
