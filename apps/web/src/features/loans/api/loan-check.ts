import { useQuery } from '@tanstack/react-query';
import type { TLoanCheckResponse } from '@app/contract/schemas/onboarding.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type LoanCheck = TLoanCheckResponse;

/** Where 立即申請 goes: login, an onboarding step, the open order, a cool-down, or the application. */
export async function loanCheck(options: { loading?: boolean } = { loading: true }): Promise<LoanCheck> {
  const { ENDPOINTS } = await import('@app/contract/endpoints.ts');
  return request(ENDPOINTS.loanCheck, {}, options);
}

/** applyFor asks too: a user may open it from a link before onboarding is done. */
export function useLoanCheck() {
  return useQuery({
    queryKey: ['loan', 'check'],
    queryFn: () => loanCheck({ loading: false }),
    meta: INLINE_ERROR_META,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
