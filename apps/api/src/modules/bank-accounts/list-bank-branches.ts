import { BANK_UNKNOWN } from '@app/contract/messages/bank-accounts.ts';
import type { TBankBranchListResponse } from '@app/contract/schemas/bank-accounts.ts';
import { AppError } from '../../errors/app-error.ts';
import { searchForm, type BankDirectory } from './bank-directory.ts';

/** The branches of one bank by code; a keyword matches the name (台 = 臺) or the code. */
export function listBankBranches(options: {
  directory: BankDirectory;
  bankCode: string;
  keyword?: string | undefined;
}): TBankBranchListResponse {
  const { directory, bankCode } = options;
  const bank = directory.bank(bankCode);
  if (!bank) throw new AppError('BUSINESS_RULE', { userMessage: BANK_UNKNOWN, message: 'unknown bank code' });
  const keyword = searchForm(options.keyword ?? '');
  const all = directory.branches(bankCode);
  const branches = keyword ? all.filter((branch) => branch.code.includes(keyword) || searchForm(branch.name).includes(keyword)) : all;
  return { bankCode, hasBranches: bank.hasBranches, branches: [...branches] };
}
