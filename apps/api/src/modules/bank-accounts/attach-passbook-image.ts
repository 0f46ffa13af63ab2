import { BANK_PASSBOOK_IMAGE_INVALID } from '@app/contract/messages/bank-accounts.ts';
import type { TBankCardResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { updatePassbookImage } from './bank-accounts-repository.ts';
import { toBankCard } from './bank-card-view.ts';
import type { BankDirectory } from './bank-directory.ts';
import { findOwnBankAccount } from './find-own-bank-account.ts';

/** Sets the passbook-cover photo of one own account: an image this same user uploaded. */
export async function attachPassbookImage(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  cardId: string;
  imageKey: string;
}): Promise<TBankCardResponse> {
  const { db, userId, imageKey } = options;
  const row = await findOwnBankAccount({ db, userId, cardId: options.cardId });
  // Someone else's key answers exactly like a key that does not exist.
  if (!(await isOwnUpload({ db, userId, key: imageKey }))) {
    throw new AppError('BUSINESS_RULE', { userMessage: BANK_PASSBOOK_IMAGE_INVALID, message: 'passbook image not owned' });
  }
  await updatePassbookImage(db, userId, row.id, imageKey);
  return { card: toBankCard({ ...row, passbookImageKey: imageKey }, options.directory) };
}
