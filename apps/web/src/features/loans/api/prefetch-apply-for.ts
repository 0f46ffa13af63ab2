import type { QueryClient } from '@tanstack/react-query';
import { loanCheckQueryOptions } from './loan-check.ts';
import { loanInitQueryOptions } from './loan-init.ts';

/** applyFor's first data (where 立即申請 goes, and the products, cards and purposes), asked before its page's code has arrived. */
export function prefetchApplyFor(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(loanCheckQueryOptions());
  void queryClient.prefetchQuery(loanInitQueryOptions());
}
