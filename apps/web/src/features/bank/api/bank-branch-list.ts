import { queryOptions, useQuery } from '@tanstack/react-query';
import { BANK_ACCOUNT_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/bank-accounts.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type BankBranchList = ResponseOf<typeof BANK_ACCOUNT_ENDPOINTS.bankBranchList>;

export function bankBranchList(bankCode: string): Promise<BankBranchList> {
  return request(BANK_ACCOUNT_ENDPOINTS.bankBranchList, { bankCode });
}

export function bankBranchListQueryOptions(bankCode: string) {
  return queryOptions({
    queryKey: ['bankBranch', 'list', bankCode],
    queryFn: () => bankBranchList(bankCode),
    staleTime: Infinity,
    meta: INLINE_ERROR_META,
  });
}

/** The chosen bank's branches; nothing is asked before a bank is chosen. */
export function useBankBranchList(bankCode: string | undefined) {
  return useQuery({ ...bankBranchListQueryOptions(bankCode ?? ''), enabled: Boolean(bankCode) });
}
