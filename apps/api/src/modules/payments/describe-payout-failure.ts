import {
  PAYOUT_FAILURE_REASONS,
  isAccountFailure,
  payoutAccountChangedEventText,
  payoutFailedEventText,
  payoutFailureKind,
} from '@app/contract/messages/payout-account.ts';
import type { TPayoutFailure } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { listReceivingAccountChanges, type LoanOrder } from '../orders/index.ts';
import { selectPayoutsOfOrder, type PayoutRow } from './payments-repository.ts';

/** A payout's failure reason as stored (the bank's `bank:<reason>`, or the gateway's code); '' when none. */
export function failureCodeOf(payout: Pick<PayoutRow, 'detail'>): string {
  return typeof payout.detail.resultCode === 'string' ? payout.detail.resultCode : '';
}

export interface PayoutFailureView {
  /** The latest attempt failed and the order still waits for its money; null otherwise. */
  failure: TPayoutFailure | null;
  /** Each failed attempt and each account change, for the order's timeline (state 放款中). */
  events: Array<{ state: '放款中'; kind: 'payoutFailed' | 'accountChanged'; text: string; at: Date }>;
}

/**
 * What the borrower (and staff, on the same view) are told about the order's failed
 * payouts (decision 0169): the bank's reason in plain words, whether the account is the
 * reason (then the borrower is asked for another), whether the account may change now
 * (the latest attempt failed, not yet retried, the order 放款中), and the account changed
 * to since; and the timeline's lines.
 */
export async function describePayoutFailure(options: { db: Db; order: LoanOrder }): Promise<PayoutFailureView> {
  const { db, order } = options;
  const [payouts, changes] = await Promise.all([
    selectPayoutsOfOrder(db, order.id),
    listReceivingAccountChanges({ db, orderId: order.id }),
  ]);
  const reasonOf = (payout: PayoutRow) => PAYOUT_FAILURE_REASONS[payoutFailureKind(failureCodeOf(payout))];
  const events: PayoutFailureView['events'] = [
    ...payouts
      .filter((payout) => payout.state === 'failed')
      .map((payout) => ({
        state: '放款中' as const,
        kind: 'payoutFailed' as const,
        text: payoutFailedEventText(reasonOf(payout)),
        at: payout.settledAt ?? payout.requestedAt,
      })),
    ...changes.map((change) => ({
      state: '放款中' as const,
      kind: 'accountChanged' as const,
      text: payoutAccountChangedEventText(change.to),
      at: change.at,
    })),
  ];
  const latest = payouts.at(-1);
  if (order.state !== '放款中' || latest?.state !== 'failed' || latest.retriedAt !== null) return { failure: null, events };
  const kind = payoutFailureKind(failureCodeOf(latest));
  const answering = changes.filter((change) => change.failedPayoutId === latest.id);
  const changed = answering.at(-1);
  return {
    failure: {
      failedAt: (latest.settledAt ?? latest.requestedAt).toISOString(),
      reason: PAYOUT_FAILURE_REASONS[kind],
      // The account it went to: the order's, unless the borrower changed it since (then the first change's from).
      failedAccount: answering[0]?.from ?? order.bankAccountLabel,
      accountProblem: isAccountFailure(kind),
      canChangeAccount: true,
      changedTo: changed?.to ?? null,
    },
    events,
  };
}
