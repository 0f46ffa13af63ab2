import {
  BANK_CARD_DUPLICATE,
  BANK_HOLDER_NAME_MISMATCH,
  BANK_PASSBOOK_IMAGE_INVALID,
  BANK_PERSONAL_INFO_REQUIRED,
  bankAccountLengthRule,
} from '@app/contract/messages/bank-accounts.ts';
import { bankAccountLengthOf, fitsBankAccountLength } from '@app/contract/validators/bank-account.ts';
import type { TBankCardResponse } from '@app/contract/schemas/bank-accounts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { getVerifiedName } from '../onboarding/index.ts';
import { isOwnUpload } from '../uploads/index.ts';
import { existsBankAccount, insertBankAccount, isDuplicateAccountError } from './bank-accounts-repository.ts';
import { toBankCard } from './bank-card-view.ts';
import type { BankDirectory } from './bank-directory.ts';
import { isSameHolderName } from './holder-name.ts';
import { resolveBranch } from './resolve-branch.ts';

const refuse = (userMessage: string, message: string) => new AppError('BUSINESS_RULE', { userMessage, message });

/**
 * Binds a bank account (onboarding step 4). The holder must be the person of step 1
 * (the name is compared; the passbook-cover photo lets an operator check it), the branch
 * must be one of the bank's, the account number as long as the bank's where that is known,
 * and the same account is bound once per user. The first
 * account becomes the default. Nothing is written when any check fails; no error or log
 * line carries the account number.
 */
export async function bindBankAccount(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  bankCode: string;
  branchCode?: string | undefined;
  accountNumber: string;
  holderName: string;
  passbookImageKey?: string | undefined;
}): Promise<TBankCardResponse> {
  const { db, directory, userId, bankCode, accountNumber, holderName, passbookImageKey } = options;
  const verifiedName = await getVerifiedName({ db, userId });
  if (verifiedName === null) throw refuse(BANK_PERSONAL_INFO_REQUIRED, 'step 1 not done');
  const branchCode = resolveBranch({ directory, bankCode, branchCode: options.branchCode });
  if (!fitsBankAccountLength(bankCode, accountNumber)) {
    throw refuse(
      bankAccountLengthRule(directory.bank(bankCode)?.name ?? bankCode, bankAccountLengthOf(bankCode) ?? 0),
      "account length not the bank's",
    );
  }
  if (!isSameHolderName(holderName, verifiedName)) throw refuse(BANK_HOLDER_NAME_MISMATCH, 'holder name differs');
  if (passbookImageKey !== undefined && !(await isOwnUpload({ db, userId, key: passbookImageKey }))) {
    throw refuse(BANK_PASSBOOK_IMAGE_INVALID, 'passbook image not owned');
  }
  if (await existsBankAccount(db, userId, bankCode, accountNumber)) throw refuse(BANK_CARD_DUPLICATE, 'account bound twice');
  try {
    const row = await insertBankAccount(db, {
      userId,
      bankCode,
      branchCode,
      accountNumber,
      // Stored as verified, not as typed.
      holderName: verifiedName,
      passbookImageKey: passbookImageKey ?? null,
    });
    return { card: toBankCard(row, directory) };
  } catch (error) {
    // The same account bound twice at once: the unique index refused the second.
    if (isDuplicateAccountError(error)) throw refuse(BANK_CARD_DUPLICATE, 'account bound twice (concurrently)');
    throw error;
  }
}
