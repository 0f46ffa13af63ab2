import type { Db } from '../../db/client.ts';
import { money } from '../../domain/money.ts';
import { creditRepayment } from './credit-repayment.ts';
import { selectRequest, updateRepaymentRequest } from './repayments-repository.ts';

export type TransferReview = 'confirmed' | 'rejected' | 'notAwaiting';

/**
 * An operator's verdict on a manual transfer (until the back office: the operator
 * command). Confirmed: the amount is credited like any payment (oldest instalment first,
 * the rest kept as credit), once — a second confirmation finds it no longer awaiting.
 * Rejected: nothing is credited and the borrower sees it was not.
 */
export async function reviewManualTransfer(options: {
  db: Db;
  requestId: number;
  verdict: 'confirm' | 'reject';
  at: Date;
  note?: string;
}): Promise<TransferReview> {
  const { requestId, verdict, at } = options;
  return options.db.transaction(async (tx) => {
    const request = await selectRequest(tx, requestId, { forUpdate: true });
    if (!request || request.channel !== 'manual' || request.state !== 'awaitingConfirmation') return 'notAwaiting';
    if (verdict === 'reject') {
      await updateRepaymentRequest(tx, request.id, {
        state: 'rejected',
        detail: { ...request.detail, reviewedAt: at.toISOString(), note: options.note ?? '' },
      });
      return 'rejected';
    }
    await creditRepayment({ db: tx, request, amount: money(request.amount), source: `manual:${request.id}`, at });
    return 'confirmed';
  });
}
