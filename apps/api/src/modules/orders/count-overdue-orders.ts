import type { Db } from '../../db/client.ts';
import { selectOverdueNow } from './order-figures-repository.ts';

/** Now: how many orders are overdue (已逾期) of those being repaid (待還款 or 已逾期). */
export async function countOverdueOrders(options: { db: Db }): Promise<{ overdue: number; repaying: number }> {
  return selectOverdueNow(options.db);
}
