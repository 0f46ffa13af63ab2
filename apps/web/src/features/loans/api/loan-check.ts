import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLoanCheckResponse } from '@app/contract/schemas/loan-home.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { routeEnteredAt } from '../../../shared/store/route-visits.ts';

export type LoanCheck = TLoanCheckResponse;

/** Where 立即申請 goes: login, an onboarding step, the open order, a cool-down, or the application. */
export async function loanCheck(options: { loading?: boolean } = { loading: true }): Promise<LoanCheck> {
  // The loans home's group: preloaded on every page from index.html, so the ask waits for no further chunk.
  const { LOAN_HOME_ENDPOINTS } = await import('@app/contract/endpoints/loan-home.ts');
  return request(LOAN_HOME_ENDPOINTS.loanCheck, {}, options);
}

/**
 * An answer that came after applyFor was entered (the route asks for it then, while the
 * page's code loads: app/router.tsx) is this visit's, and the page uses it instead of
 * asking again; an older one is an earlier visit's.
 */
export function askedThisVisit(updatedAt: number): boolean {
  const entered = routeEnteredAt(ROUTES.applyFor);
  return entered > 0 && updatedAt >= entered;
}

export function loanCheckQueryOptions() {
  return queryOptions({ queryKey: ['loan', 'check'], queryFn: () => loanCheck({ loading: false }), meta: INLINE_ERROR_META, staleTime: 0 });
}

/** applyFor asks too: a user may open it from a link before onboarding is done. Asked again on every visit. */
export function useLoanCheck() {
  return useQuery({
    ...loanCheckQueryOptions(),
    refetchOnMount: (query) => (askedThisVisit(query.state.dataUpdatedAt) ? false : 'always'),
  });
}
