import { BANK_CARD_NOT_FOUND } from '@app/contract/messages/bank-accounts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { selectOwnBankAccount, type BankAccountRow } from './bank-accounts-repository.ts';
import { isRowId } from '../../db/row-id.ts';

/** The account `cardId` of `userId`; another user's id is refused exactly like a missing one. */
export async function findOwnBankAccount(options: { db: Db; userId: number; cardId: string }): Promise<BankAccountRow> {
  const id = Number(options.cardId);
  const row = isRowId(id) ? await selectOwnBankAccount(options.db, options.userId, id) : null;
  if (!row) throw new AppError('BUSINESS_RULE', { userMessage: BANK_CARD_NOT_FOUND, message: 'bank account not found' });
  return row;
}
