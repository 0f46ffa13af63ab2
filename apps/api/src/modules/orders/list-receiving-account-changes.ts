import type { Db } from '../../db/client.ts';
import { selectReceivingAccountChanges } from './orders-repository.ts';

export interface ReceivingAccountChange {
  failedPayoutId: number;
  /** Masked, as the order showed it (臺灣銀行 ****1234). */
  from: string;
  to: string;
  cause: string;
  at: Date;
  /** The contract's addendum as the borrower confirmed it; null for a change made before migration 0025. */
  confirmedText: string | null;
}

/** The order's receiving-account changes, oldest first (decision 0169). */
export async function listReceivingAccountChanges(options: { db: Db; orderId: number }): Promise<ReceivingAccountChange[]> {
  const rows = await selectReceivingAccountChanges(options.db, options.orderId);
  return rows.map((row) => ({
    failedPayoutId: row.failedPayoutId,
    from: row.fromLabel,
    to: row.toLabel,
    cause: row.cause,
    at: row.at,
    confirmedText: row.confirmedText,
  }));
}
