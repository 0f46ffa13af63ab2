import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOAN_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/loans.ts';
import { request } from '../../../shared/api/request.ts';

export type QuoteRequest = RequestOf<typeof LOAN_ENDPOINTS.loanCommonAdjust>;
export type LoanQuote = ResponseOf<typeof LOAN_ENDPOINTS.loanCommonAdjust>['quote'];

/** A quote for an amount and a term; `signal` aborts it once the user has moved on. */
export function adjustQuote(input: QuoteRequest, signal?: AbortSignal): Promise<LoanQuote> {
  return request(LOAN_ENDPOINTS.loanCommonAdjust, input, { signal }).then((answer) => answer.quote);
}

/**
 * The live quote of applyFor. The caller passes settled (debounced) choices; a newer
 * choice changes the key, react-query aborts the older call through its signal, and the
 * previous quote stays on screen (marked as updating) until the new one arrives.
 */
export function useLoanQuote(input: QuoteRequest | null) {
  return useQuery({
    queryKey: ['loan', 'adjust', input?.productId, input?.amount, input?.term],
    queryFn: ({ signal }) => {
      if (!input) throw new Error('no quote input');
      return adjustQuote(input, signal);
    },
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
