import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLoanCheckResponse } from '@app/contract/schemas/onboarding.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type LoanCheck = TLoanCheckResponse;

/** Where 立即申請 goes: login, an onboarding step, the open order, a cool-down, or the application. */
export async function loanCheck(options: { loading?: boolean } = { loading: true }): Promise<LoanCheck> {
  const { ENDPOINTS } = await import('@app/contract/endpoints.ts');
  return request(ENDPOINTS.loanCheck, {}, options);
}

/**
 * When the route last asked for applyFor's data (app/routes.ts asks as the page's code
 * loads): an answer that came after it is this visit's, and the page uses it instead of
 * asking again. 0 until the route has asked.
 */
let visitStartedAt = 0;

export function startApplyForVisit(): void {
  visitStartedAt = Date.now();
}

export function askedThisVisit(updatedAt: number): boolean {
  return visitStartedAt > 0 && updatedAt >= visitStartedAt;
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
