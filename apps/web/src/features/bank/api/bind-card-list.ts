import { queryOptions, useQuery } from '@tanstack/react-query';
import { BANK_ACCOUNT_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/bank-accounts.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type BankCard = ResponseOf<typeof BANK_ACCOUNT_ENDPOINTS.bindCardList>['cards'][number];

/** The caller's cards, the default first; accounts come masked (`****1234`). */
export function bindCardList(): Promise<BankCard[]> {
  return request(BANK_ACCOUNT_ENDPOINTS.bindCardList, {}).then((answer) => answer.cards);
}

export function bindCardListQueryOptions() {
  return queryOptions({ queryKey: ['bindCard', 'list'], queryFn: bindCardList, meta: INLINE_ERROR_META });
}

export function useBindCardList(enabled: boolean) {
  return useQuery({ ...bindCardListQueryOptions(), enabled });
}
