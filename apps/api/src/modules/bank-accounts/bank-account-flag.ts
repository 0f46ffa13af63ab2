import type { SQL } from 'drizzle-orm';
import { bankAccountCondition } from './bank-accounts-repository.ts';

/** Whether a user has bound a bank account, as a flag for a combined read (placeholder `userId`). */
export function bankAccountFlag(): SQL<boolean> {
  return bankAccountCondition();
}
