import type { Db } from '../../db/client.ts';
import { selectCreditKept } from './orders-repository.ts';

/**
 * Orders holding the borrower's own money (paid beyond everything owed, not yet paid
 * back): the credit account of the loan journal, per order, optionally of one user.
 */
export async function listCreditKept(options: { db: Db; userId?: number }): Promise<Array<{ orderId: number; kept: number }>> {
  return selectCreditKept(options.db, options.userId === undefined ? {} : { userId: options.userId });
}
