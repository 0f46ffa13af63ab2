import type { SQL, SQLWrapper } from 'drizzle-orm';
import { bankAccountCondition } from './bank-accounts-repository.ts';

/** Whether a user has bound a bank account, as a flag for a combined read (`userId`: a column or a placeholder). */
export function bankAccountFlag(userId: SQLWrapper): SQL<boolean> {
  return bankAccountCondition(userId);
}
