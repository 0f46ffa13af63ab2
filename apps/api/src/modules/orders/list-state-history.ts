import type { Db } from '../../db/client.ts';
import { selectStateHistory } from './order-figures-repository.ts';

/** An order's state changes, oldest first, with what caused each (borrower, decision, payout, operator…). */
export async function listStateHistory(options: { db: Db; orderId: number }): Promise<Array<{ from: string | null; to: string; cause: string; at: Date }>> {
  const rows = await selectStateHistory(options.db, options.orderId);
  return rows.map((row) => ({ from: row.fromState, to: row.toState, cause: row.cause, at: row.at }));
}
