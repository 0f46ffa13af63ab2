import type { Db } from '../../db/client.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { hasBankAccount } from '../bank-accounts/index.ts';
import { getFaceCheckState } from '../face-check/index.ts';
import { getAcceptedIdCardDifferences } from '../identity-document/index.ts';
import { getBorrowerIdentity, getOnboardingState } from '../onboarding/index.ts';
import { changeOrderState, findOpenOrder, getOrder, type LoanOrder } from '../orders/index.ts';
import { requestPayout, type PayoutPolicy } from '../payments/index.ts';
import { getDecisionPolicy, type DecisionPolicy } from './decision-policy.ts';
import { evaluateDecisionRules, refusalCodesOf, verdictOf, type DecisionFacts, type Verdict } from './decision-rules.ts';
import { insertOutcomes } from './decisions-repository.ts';

/** What the decision job did: decided, left for staff, or nothing (not 審核中, or another run decided first). */
export type DecisionResult = { verdict: Verdict; codes: string[] } | { verdict: 'skipped' };

/** Gathers every rule's facts from their owners. */
async function factsOf(db: Db, order: LoanOrder, policy: DecisionPolicy): Promise<DecisionFacts> {
  const userId = order.userId;
  const [identity, steps, bankCard, face, idCardDifferences, openOrder] = await Promise.all([
    getBorrowerIdentity({ db, userId }),
    getOnboardingState({ db, userId }),
    hasBankAccount({ db, userId }),
    getFaceCheckState({ db, userId }),
    getAcceptedIdCardDifferences({ db, userId }),
    findOpenOrder({ db, userId }),
  ]);
  return {
    identity,
    steps: { ...steps, bankCard },
    face,
    idCardDifferences,
    otherOpenOrder: openOrder && openOrder.id !== order.id ? openOrder : null,
    principal: order.principal,
    // No per-user limits are granted yet (loans' creditLimitOf: the highest maximum of the
    // enabled products once onboarded); the product's own maximum as applied for is at
    // most that, so the order is measured against it.
    creditLimit: order.terms.amount.max,
    policy: { version: policy.version, manualReviewAbove: policy.manualReviewAbove },
  };
}

/**
 * The decision job: evaluates every rule for an order in 審核中 and records each outcome
 * with the order's move, in one transaction.
 * - approved: 審核中 → 已核准 → 放款中, and the payout of the whole principal requested
 *   (its sending is a job enqueued in the same transaction);
 * - refused: 審核中 → 已拒絕 with the reason codes and the policy's cool-down;
 * - manualReview (face check in manual review, ID card differences the borrower
 *   accepted, or a principal above the policy's review amount; nothing refused): the
 *   order stays 審核中 for staff, the outcomes say why.
 * The thresholds are the policy in force now (decision-policy.ts); the reviewAmount
 * outcome names its version, so the decision stays explainable after they change.
 * A second run changes nothing: the state guard of changeOrderState answers false.
 */
export async function decideOrder(options: {
  db: Db;
  jobs: JobQueue;
  orderId: number;
  now: Date;
  /** How the payout of an approval goes (release thresholds, channel). */
  payoutPolicy: PayoutPolicy;
}): Promise<DecisionResult> {
  const { db, jobs, orderId, now, payoutPolicy } = options;
  const order = await getOrder({ db, orderId });
  if (!order || order.state !== '審核中') return { verdict: 'skipped' };
  const today = taipeiCalendarDate(now);
  const policy = await getDecisionPolicy({ db });
  const coolDownDays = policy.coolDownDays;
  const results = evaluateDecisionRules(await factsOf(db, order, policy), today);
  const verdict = verdictOf(results);
  const codes = refusalCodesOf(results);

  return db.transaction(async (tx): Promise<DecisionResult> => {
    if (verdict === 'approved') {
      if (!(await approveAndPayOut({ db: tx, jobs, order, now, cause: 'decision', payoutPolicy }))) return { verdict: 'skipped' };
      await insertOutcomes(tx, orderId, now, results);
      return { verdict, codes: [] };
    }
    if (verdict === 'refused') {
      if (!(await refuseOrder({ db: tx, orderId, codes, now, coolDownDays, cause: 'decision' }))) return { verdict: 'skipped' };
      await insertOutcomes(tx, orderId, now, results);
      return { verdict, codes };
    }
    // Awaiting staff: the order stays 審核中; the outcomes are recorded once.
    await insertOutcomes(tx, orderId, now, results);
    return { verdict, codes: [] };
  });
}

/**
 * 審核中 → 已核准 → 放款中 with the payout of the whole principal requested, in the
 * caller's transaction `db` (sent at once, or held for finance's release above the
 * policy's threshold: the borrower sees 放款中 either way); false (nothing changed) when the order left 審核中 first.
 */
export async function approveAndPayOut(options: {
  db: Db;
  jobs: JobQueue;
  order: LoanOrder;
  now: Date;
  cause: string;
  detail?: Record<string, unknown>;
  payoutPolicy: PayoutPolicy;
}): Promise<boolean> {
  const { db, jobs, order, now, cause, detail = {}, payoutPolicy } = options;
  if (!(await changeOrderState({ db, orderId: order.id, from: ['審核中'], to: '已核准', cause, at: now, detail }))) return false;
  const { payoutId } = await requestPayout({ db, jobs, orderId: order.id, amount: order.principal, policy: payoutPolicy, now });
  await changeOrderState({ db, orderId: order.id, from: ['已核准'], to: '放款中', cause, at: now, detail: { payoutId } });
  return true;
}

/** 審核中 → 已拒絕 with the reason codes and the cool-down, in the caller's transaction; false when the order left 審核中 first. */
export async function refuseOrder(options: {
  db: Db;
  orderId: number;
  codes: string[];
  now: Date;
  coolDownDays: number;
  cause: string;
  detail?: Record<string, unknown>;
}): Promise<boolean> {
  const { db, orderId, codes, now, coolDownDays, cause, detail = {} } = options;
  const refusal = { codes, coolDownUntil: addDays(taipeiCalendarDate(now), coolDownDays) };
  return changeOrderState({ db, orderId, from: ['審核中'], to: '已拒絕', cause, at: now, detail: { ...detail, codes }, refusal });
}
