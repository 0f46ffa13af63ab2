import type { SQL, SQLWrapper } from 'drizzle-orm';
import { openOrderCondition } from './orders-repository.ts';

/** Whether a user has an open order, as a flag for a combined read (`userId`: a column or a placeholder). */
export function openOrderFlag(userId: SQLWrapper): SQL<boolean> {
  return openOrderCondition(userId);
}
