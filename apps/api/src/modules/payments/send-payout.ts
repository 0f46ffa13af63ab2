import type { Db } from '../../db/client.ts';
import { findOwnBankAccount } from '../bank-accounts/index.ts';
import { getOrder } from '../orders/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { selectPayout, updatePayoutSent } from './payments-repository.ts';

/**
 * The send-payout job: hands a recorded payout to the provider with the order's receiving
 * account, and keeps the provider's transaction id. Runs again after a failure (the
 * provider deduplicates on the payout id); a payout already accepted or settled is left alone.
 */
export async function sendPayout(options: { db: Db; provider: PaymentProvider; payoutId: number; now: Date }): Promise<void> {
  const { db, provider, payoutId, now } = options;
  const payout = await selectPayout(db, payoutId);
  if (!payout || payout.state !== 'requested' || payout.providerTransactionId !== null) return;
  // Only a gateway payout that needs no release, or was released (a job of an older release can never send one held).
  if (payout.channel !== 'gateway' || (payout.releasesNeeded > 0 && payout.releasedAt === null)) return;
  const order = await getOrder({ db, orderId: payout.orderId });
  if (!order || order.bankAccountId === null) throw new Error(`payout ${payoutId}: the order has no receiving account`);
  const account = await findOwnBankAccount({ db, userId: order.userId, cardId: String(order.bankAccountId) });
  const { providerTransactionId } = await provider.requestPayout({
    payoutId: String(payout.id),
    amount: payout.amount,
    bankAccount: {
      bankCode: account.bankCode,
      branchCode: account.branchCode,
      accountNumber: account.accountNumber,
      holderName: account.holderName,
    },
  });
  await updatePayoutSent(db, payout.id, provider.name, providerTransactionId, now);
}
