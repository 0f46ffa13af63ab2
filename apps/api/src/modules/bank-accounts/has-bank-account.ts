import type { Db } from '../../db/client.ts';
import { countBankAccounts } from './bank-accounts-repository.ts';

/** Whether the user has bound at least one bank account (onboarding step 4 done). */
export async function hasBankAccount(options: { db: Db; userId: number }): Promise<boolean> {
  return (await countBankAccounts(options.db, options.userId)) > 0;
}
