import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOAN_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/loans.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';
import { askedThisVisit } from './loan-check.ts';

export type LoanInit = ResponseOf<typeof LOAN_ENDPOINTS.loanInitV31>;
export type LoanInitCard = LoanInit['bankCards'][number];

/** The products this user may take (amountMax within the credit limit), their cards and the purposes. */
export function loanInit(): Promise<LoanInit> {
  return request(LOAN_ENDPOINTS.loanInitV31, {});
}

export function loanInitQueryOptions() {
  return queryOptions({ queryKey: ['loan', 'init'], queryFn: loanInit, meta: INLINE_ERROR_META });
}

/** Read again on every visit (a card added on the way back must show at once), unless the route just asked. */
export function useLoanInit(enabled: boolean) {
  return useQuery({
    ...loanInitQueryOptions(),
    enabled,
    refetchOnMount: (query) => (askedThisVisit(query.state.dataUpdatedAt) ? false : 'always'),
  });
}
