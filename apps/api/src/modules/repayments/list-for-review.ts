import type { Db } from '../../db/client.ts';
import { selectOrdersWithCreditLeft, selectRequestsInState } from './repayments-repository.ts';

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
  const rows = await selectRequestsInState(options.db, options.what === 'transfers' ? 'awaitingConfirmation' : 'held');
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    channel: row.channel,
    amount: row.amount,
    paidOn: row.paidOn,
    fromAccountLast5: row.fromAccountLast5,
    receiptImageKey: row.receiptImageKey,
    heldAmount: typeof row.detail.heldAmount === 'number' ? row.detail.heldAmount : null,
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

/** Orders holding money that is the borrower's (overpayments not yet refunded): for `refund-credit`. */
export async function listCreditLeft(options: { db: Db }): Promise<CreditLeftItem[]> {
  const rows = await selectOrdersWithCreditLeft(options.db);
  return rows.map((row) => ({ orderId: row.orderId, kept: row.kept, refunded: row.refunded, left: row.kept - row.refunded }));
}
