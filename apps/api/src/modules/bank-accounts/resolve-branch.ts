import { BANK_BRANCH_NOT_OF_BANK, BANK_BRANCH_REQUIRED, BANK_UNKNOWN } from '@app/contract/messages/bank-accounts.ts';
import { AppError } from '../../errors/app-error.ts';
import type { BankDirectory } from './bank-directory.ts';

/**
 * The branch to store for an account at `bankCode`: one of that bank's listed branches,
 * required when the bank has a list. A bank without a list (LINE Bank, Rakuten, 農業金庫,
 * 中華郵政) stores none: there is nothing to check a code against, so one sent is refused.
 */
export function resolveBranch(options: {
  directory: BankDirectory;
  bankCode: string;
  branchCode: string | null | undefined;
}): string | null {
  const { directory, bankCode, branchCode } = options;
  const bank = directory.bank(bankCode);
  if (!bank) throw new AppError('BUSINESS_RULE', { userMessage: BANK_UNKNOWN, message: 'unknown bank code' });
  if (!bank.hasBranches) {
    if (branchCode)
      throw new AppError('BUSINESS_RULE', { userMessage: BANK_BRANCH_NOT_OF_BANK, message: 'branch for a bank without a list' });
    return null;
  }
  if (!branchCode) throw new AppError('BUSINESS_RULE', { userMessage: BANK_BRANCH_REQUIRED, message: 'branch missing' });
  if (directory.branch(branchCode)?.bankCode !== bankCode) {
    throw new AppError('BUSINESS_RULE', { userMessage: BANK_BRANCH_NOT_OF_BANK, message: 'branch not of the bank' });
  }
  return branchCode;
}
