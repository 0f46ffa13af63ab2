import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import '../shared/api/query-meta.ts';
import { showRequestError } from '../shared/api/request.ts';

/**
 * One place shows what a failed call leaves to the caller (a business message); the
 * request layer already showed its own modals. SPEC.md section 9: default retry count 0.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.inlineError) return;
        showRequestError(error);
      },
    }),
    mutationCache: new MutationCache({ onError: showRequestError }),
    defaultOptions: {
      queries: { retry: 0, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
