import type { Db } from '../../db/client.ts';
import type { LoanOrder } from './loan-order.ts';
import { updateReceivingAccount, type ReceivingAccountChangeRow } from './orders-repository.ts';

/**
 * The order's receiving account changed (decision 0169): the order names the new account
 * (id and masked label) and a row keeps who changed it, when, for which failed payout, and
 * the accounts before and after, with the contract's addendum the borrower confirmed and where
 * from (decision 0174) — nothing else of the order changes. The caller holds the
 * order's row lock (`lockOrder`) and has checked that a change is allowed now (payments'
 * changePayoutAccount: the payout failed and is not retried).
 */
export async function changeReceivingAccount(options: {
  db: Db;
  order: LoanOrder;
  bankAccountId: number;
  label: string;
  failedPayoutId: number;
  cause: 'borrower';
  now: Date;
  /** The addendum as the borrower confirmed it, and where from (decision 0174). */
  confirmation: { text: string; clientAddress: string; userAgent: string };
}): Promise<ReceivingAccountChangeRow> {
  const { db, order } = options;
  return updateReceivingAccount(db, {
    orderId: order.id,
    failedPayoutId: options.failedPayoutId,
    fromBankAccountId: order.bankAccountId,
    fromLabel: order.bankAccountLabel,
    toBankAccountId: options.bankAccountId,
    toLabel: options.label,
    cause: options.cause,
    at: options.now,
    confirmedText: options.confirmation.text,
    clientAddress: options.confirmation.clientAddress,
    userAgent: options.confirmation.userAgent,
  });
}
