import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLoanIndexResponse, TLoanProduct } from '@app/contract/schemas/loans.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type LoanIndex = TLoanIndexResponse;
export type LoanProduct = TLoanProduct;

/**
 * The whole loans home in one request (public): amount, APR line, products, state,
 * banners, notices. The loans page is the first screen: its group of the endpoint table
 * (and zod with it) comes after the first render, and only its own schemas (decision 0159).
 */
export async function loanIndex(): Promise<LoanIndex> {
  const { LOAN_HOME_ENDPOINTS } = await import('@app/contract/endpoints/loan-home.ts');
  return request(LOAN_HOME_ENDPOINTS.loanCommonIndex, {});
}

/**
 * Keyed by whether a session exists: a visitor and a user see different amounts and
 * states, and login or logout must not show the other one's cached answer.
 */
export function loanIndexQueryOptions(loggedIn: boolean) {
  return queryOptions({ queryKey: ['loan', 'index', loggedIn], queryFn: loanIndex, meta: INLINE_ERROR_META });
}

export function useLoanIndex(loggedIn: boolean) {
  return useQuery(loanIndexQueryOptions(loggedIn));
}
