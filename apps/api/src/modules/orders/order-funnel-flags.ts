import type { SQL, SQLWrapper } from 'drizzle-orm';
import { orderStepConditions } from './order-figures-repository.ts';

/**
 * A user's loan steps as flags for a combined read (`userId`: a column or a placeholder):
 * applied (an order exists), signed (a contract was signed), paid out (a payout date set).
 */
export function orderFunnelFlags(userId: SQLWrapper): { applied: SQL<boolean>; signed: SQL<boolean>; paidOut: SQL<boolean> } {
  return orderStepConditions(userId);
}
