import type { TBankCardListResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { Db } from '../../db/client.ts';
import { selectBankAccounts } from './bank-accounts-repository.ts';
import { toBankCard } from './bank-card-view.ts';
import type { BankDirectory } from './bank-directory.ts';

/** The user's accounts, masked: the default first, then oldest first. */
export async function listBankAccounts(options: { db: Db; directory: BankDirectory; userId: number }): Promise<TBankCardListResponse> {
  const rows = await selectBankAccounts(options.db, options.userId);
  return { cards: rows.map((row) => toBankCard(row, options.directory)) };
}
