import type { TPayment } from '@app/contract/schemas/repayments.ts';
import type { RepaymentRequestRow } from './repayments-repository.ts';

/**
 * A request as the borrower sees it: an unpaid one past its expiry shows as expired, and
 * an unpaid one on a settled order as not needed (its code is not shown again).
 */
export function paymentView(row: RepaymentRequestRow, now: Date, orderSettled = false): TPayment {
  const expired = row.state === 'pending' && row.expiresAt !== null && row.expiresAt <= now;
  const notNeeded = row.state === 'pending' && !expired && orderSettled;
  return {
    id: String(row.id),
    orderId: String(row.orderId),
    kind: row.kind,
    channel: row.channel,
    amount: row.amount,
    state: expired ? 'expired' : notNeeded ? 'notNeeded' : row.state,
    storeCode: notNeeded ? null : row.storeCode,
    virtualAccount:
      !notNeeded && row.channel === 'atm' && row.virtualAccount && row.bankCode
        ? { bankCode: row.bankCode, bankName: String(row.detail.bankName ?? ''), account: row.virtualAccount }
        : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
