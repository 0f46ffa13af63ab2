import type { Db } from '../../db/client.ts';
import { selectOrderIdByNumber } from './order-figures-repository.ts';

/** The order with this number (exact, e.g. L20261123000042) and its borrower, or null. */
export async function findOrderByNumber(options: { db: Db; orderNo: string }): Promise<{ id: number; userId: number } | null> {
  return selectOrderIdByNumber(options.db, options.orderNo.trim().toUpperCase());
}
