import type { Db } from '../../db/client.ts';
import { selectCreditKept, selectRefundTotals, selectRequestsInState, selectRequestsWithHeldMoney } from './repayments-repository.ts';

export interface ReviewItem {
  id: number;
  orderId: number;
  channel: string;
  amount: number;
  /** Manual: the day the borrower says they paid and the paying account's last five digits; held: what the gateway said was paid. */
  paidOn: string | null;
  fromAccountLast5: string | null;
  receiptImageKey: string | null;
  heldAmount: number | null;
  createdAt: string;
}

/** What waits for an operator: manual transfers to confirm, and gateway payments held because the amount differed. */
export async function listForReview(options: { db: Db; what: 'transfers' | 'held' }): Promise<ReviewItem[]> {
  const rows =
    options.what === 'transfers'
      ? (await selectRequestsInState(options.db, 'awaitingConfirmation')).map((request) => ({ request, heldAmount: null }))
      : await selectRequestsWithHeldMoney(options.db);
  return rows.map(({ request: row, heldAmount }) => ({
    id: row.id,
    orderId: row.orderId,
    channel: row.channel,
    amount: row.amount,
    paidOn: row.paidOn,
    fromAccountLast5: row.fromAccountLast5,
    receiptImageKey: row.receiptImageKey,
    heldAmount,
    createdAt: row.createdAt.toISOString(),
  }));
}

export interface CreditLeftItem {
  orderId: number;
  /** Kept from overpayments, refunded so far, and what is still the borrower's. */
  kept: number;
  refunded: number;
  left: number;
}

/** Orders holding money that is the borrower's (overpayments not yet refunded, from the loan journal): for `refund-credit`. */
export async function listCreditLeft(options: { db: Db }): Promise<CreditLeftItem[]> {
  const rows = await selectCreditKept(options.db);
  const refunded = await selectRefundTotals(
    options.db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({
    orderId: row.orderId,
    kept: row.kept + (refunded.get(row.orderId) ?? 0),
    refunded: refunded.get(row.orderId) ?? 0,
    left: row.kept,
  }));
}
