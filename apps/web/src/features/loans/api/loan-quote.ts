import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';

export type QuoteRequest = RequestOf<typeof ENDPOINTS.loanCommonAdjust>;
export type LoanQuote = ResponseOf<typeof ENDPOINTS.loanCommonAdjust>['quote'];

/** A quote for an amount and a term; `signal` aborts it once the user has moved on. */
export function adjustQuote(input: QuoteRequest, signal?: AbortSignal): Promise<LoanQuote> {
  return request(ENDPOINTS.loanCommonAdjust, input, { signal }).then((answer) => answer.quote);
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
