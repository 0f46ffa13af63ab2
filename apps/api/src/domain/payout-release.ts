import type { Money } from './money.ts';

/**
 * Finance's release of payouts (decision 0148): a payout above `releaseAbove` waits for a
 * finance operator's release before it is sent; above `twoPeopleAbove`, for two releases
 * by two different operators (maker-checker). At or below `releaseAbove` it goes out at once.
 */
export interface PayoutReleasePolicy {
  releaseAbove: Money;
  twoPeopleAbove: Money;
}

export type ReleasesNeeded = 0 | 1 | 2;

export function releasesNeeded(amount: Money, policy: PayoutReleasePolicy): ReleasesNeeded {
  if (amount > Math.max(policy.twoPeopleAbove, policy.releaseAbove)) return 2;
  if (amount > policy.releaseAbove) return 1;
  return 0;
}

/** What a release by `operatorId` does to a payout needing `needed` releases, the first given by `firstBy` (null: none yet). */
export type ReleaseStep = 'released' | 'firstRelease' | 'sameOperator' | 'notAwaiting';

export function releaseStep(payout: { needed: number; firstBy: number | null; released: boolean }, operatorId: number): ReleaseStep {
  if (payout.released || payout.needed === 0) return 'notAwaiting';
  if (payout.needed === 1) return 'released';
  if (payout.firstBy === null) return 'firstRelease';
  return payout.firstBy === operatorId ? 'sameOperator' : 'released';
}
