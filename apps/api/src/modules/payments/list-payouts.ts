import { maskBankAccount } from '@app/contract/validators/bank-account.ts';
import type { Db } from '../../db/client.ts';
import { findOwnBankAccount } from '../bank-accounts/index.ts';
import { isAccountFailure, payoutFailureKind } from '@app/contract/messages/payout-account.ts';
import { getOrder, listReceivingAccountChanges } from '../orders/index.ts';
import { failureCodeOf } from './describe-payout-failure.ts';
import { selectPayoutPage } from './payout-figures-repository.ts';

export const PAYOUT_PAGE_SIZE = 50;

/**
 * Finance's list of payouts: its stage, the order number, the amount, the receiving account
 * masked (bank code and the last four digits), the release(s) and the times; by stage and
 * by the days requested. Operators are named by id (the caller names them).
 */
export async function listPayouts(options: { db: Db; stage?: string; from?: Date; until?: Date; page: number }) {
  const { db, page } = options;
  const { rows, total } = await selectPayoutPage(db, {
    stage: options.stage,
    from: options.from,
    until: options.until,
    limit: PAYOUT_PAGE_SIZE,
    offset: (page - 1) * PAYOUT_PAGE_SIZE,
  });
  const items = [];
  for (const { payout, stage } of rows) {
    const order = await getOrder({ db, orderId: payout.orderId });
    let account: { bankCode: string; accountMasked: string } | null = null;
    if (order?.bankAccountId != null) {
      const row = await findOwnBankAccount({ db, userId: order.userId, cardId: String(order.bankAccountId) }).catch(() => null);
      if (row) account = { bankCode: row.bankCode, accountMasked: maskBankAccount(row.accountNumber) };
    }
    const detail = payout.detail;
    const failed = payout.state === 'failed';
    const change = failed
      ? (await listReceivingAccountChanges({ db, orderId: payout.orderId })).filter((row) => row.failedPayoutId === payout.id).at(-1)
      : undefined;
    items.push({
      id: payout.id,
      orderId: payout.orderId,
      orderNo: order?.orderNo ?? '',
      amount: payout.amount,
      stage,
      channel: payout.channel,
      releasesNeeded: payout.releasesNeeded,
      firstReleasedBy: payout.firstReleasedBy,
      releasedBy: payout.releasedBy,
      bankCode: account?.bankCode ?? null,
      accountMasked: account?.accountMasked ?? null,
      bankBatch: payout.bankBatch,
      resultCode: typeof detail.resultCode === 'string' ? detail.resultCode : typeof detail.reason === 'string' ? detail.reason : null,
      requestedAt: payout.requestedAt,
      firstReleasedAt: payout.firstReleasedAt,
      releasedAt: payout.releasedAt,
      sentAt: payout.sentAt,
      settledAt: payout.settledAt,
      attempt: payout.attempt,
      retryOf: payout.retryOf,
      retriedBy: payout.retriedBy,
      retriedAt: payout.retriedAt,
      accountProblem: failed && isAccountFailure(payoutFailureKind(failureCodeOf(payout))),
      accountChange: change ? { to: change.to, at: change.at } : null,
    });
  }
  return { items, total, page, pageSize: PAYOUT_PAGE_SIZE };
}
