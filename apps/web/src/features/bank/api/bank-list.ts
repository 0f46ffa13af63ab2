import { queryOptions, useQuery } from '@tanstack/react-query';
import { BANK_ACCOUNT_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/bank-accounts.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type BankList = ResponseOf<typeof BANK_ACCOUNT_ENDPOINTS.bankList>;
export type Bank = BankList['banks'][number];

/** The whole Taiwan bank list (a few dozen rows): filtered on the device as the user types. */
export function bankList(): Promise<BankList> {
  return request(BANK_ACCOUNT_ENDPOINTS.bankList, {});
}

export function bankListQueryOptions() {
  return queryOptions({ queryKey: ['bank', 'list'], queryFn: bankList, staleTime: Infinity, meta: INLINE_ERROR_META });
}

export function useBankList() {
  return useQuery(bankListQueryOptions());
}
