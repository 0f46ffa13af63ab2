import type { TBankListResponse } from '@app/contract/schemas/bank-accounts.ts';
import { searchForm, type BankDirectory } from './bank-directory.ts';

/** The Taiwan banks by code; a keyword matches the name (台 = 臺) or the start of the code. */
export function listBanks(options: { directory: BankDirectory; keyword?: string | undefined }): TBankListResponse {
  const keyword = searchForm(options.keyword ?? '');
  const banks = options.directory.banks;
  if (!keyword) return { banks: [...banks] };
  return { banks: banks.filter((bank) => bank.code.startsWith(keyword) || searchForm(bank.name).includes(keyword)) };
}
