import { BANK_CARD_NOT_FOUND } from '@app/contract/messages/bank-accounts.ts';
import type { TBankCardListResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { setDefaultBankAccount } from './bank-accounts-repository.ts';
import type { BankDirectory } from './bank-directory.ts';
import { findOwnBankAccount } from './find-own-bank-account.ts';
import { listBankAccounts } from './list-bank-accounts.ts';

/** Makes one own account the default (exactly one default, in one transaction); answers the list. */
export async function changeDefaultBankAccount(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  cardId: string;
}): Promise<TBankCardListResponse> {
  const { db, userId } = options;
  const row = await findOwnBankAccount({ db, userId, cardId: options.cardId });
  // Checked again under the row lock: the account may have gone meanwhile.
  if (!(await setDefaultBankAccount(db, userId, row.id))) {
    throw new AppError('BUSINESS_RULE', { userMessage: BANK_CARD_NOT_FOUND, message: 'bank account not found' });
  }
  return listBankAccounts({ db, directory: options.directory, userId });
}
