/**
 * What other modules may use of `bank-accounts` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { bankAccountCondition, countBankAccounts } from './bank-accounts-repository.ts';
import type { Db } from '../../db/client.ts';

export { loadBankDirectory } from './bank-directory.ts';
export type { BankDirectory } from './bank-directory.ts';
export { findOwnBankAccount } from './find-own-bank-account.ts';
export { listBankAccounts } from './list-bank-accounts.ts';

/** Whether a user has bound a bank account, as a flag for a combined read (`userId`: a column or a placeholder). */
export function bankAccountFlag(userId: SQLWrapper): SQL<boolean> {
  return bankAccountCondition(userId);
}

/** Whether the user has bound at least one bank account (onboarding step 4 done). */
export async function hasBankAccount(options: { db: Db; userId: number }): Promise<boolean> {
  return (await countBankAccounts(options.db, options.userId)) > 0;
}
