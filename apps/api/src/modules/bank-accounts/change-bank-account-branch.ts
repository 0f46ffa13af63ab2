import type { TBankCardResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { Db } from '../../db/client.ts';
import { updateBankAccountBranch } from './bank-accounts-repository.ts';
import { toBankCard } from './bank-card-view.ts';
import type { BankDirectory } from './bank-directory.ts';
import { findOwnBankAccount } from './find-own-bank-account.ts';
import { resolveBranch } from './resolve-branch.ts';

/** Changes the branch of one own account, by the same rule as binding. */
export async function changeBankAccountBranch(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  cardId: string;
  branchCode: string | null;
}): Promise<TBankCardResponse> {
  const { db, directory, userId } = options;
  const row = await findOwnBankAccount({ db, userId, cardId: options.cardId });
  const branchCode = resolveBranch({ directory, bankCode: row.bankCode, branchCode: options.branchCode });
  await updateBankAccountBranch(db, userId, row.id, branchCode);
  return { card: toBankCard({ ...row, branchCode }, directory) };
}
