import type { QueryClient } from '@tanstack/react-query';
import type { FirstViewData } from './first-view.ts';

/**
 * The query keys of the visitor's loans home (loanIndexQueryOptions(false)) and of the
 * lender (lenderQueryOptions()), written out: importing those modules into the entry split
 * the loans page's code into more chunks (+2.9 KB gzip). first-view.test.ts checks they match.
 */
export const SEEDED_HOME_KEY = ['loan', 'index', false] as const;
export const SEEDED_LENDER_KEY = ['config', 'lender'] as const;

/**
 * What the query cache starts with, on the server and in the browser alike: the visitor's
 * loans home and the lender. The home counts as fresh for HOME_FRESH_MS from when the
 * server read it (no request before the page is interactive); older (a page restored from
 * the service worker's cache), it is refetched as usual.
 */
export const HOME_FRESH_MS = 60_000;

export function seedFirstViewData(queryClient: QueryClient, data: FirstViewData): void {
  const queryKey = SEEDED_HOME_KEY;
  // Never later than now: a device clock behind the server's would keep it fresh longer.
  const readAt = Math.min(data.readAt, Date.now());
  // Only the seeded answer is kept longer; a refetched one is stale at once, as before.
  queryClient.setQueryDefaults(queryKey, {
    staleTime: (query) => (query.state.dataUpdatedAt === readAt ? HOME_FRESH_MS : 0),
  });
  queryClient.setQueryData(queryKey, data.home, { updatedAt: readAt });
  queryClient.setQueryData(SEEDED_LENDER_KEY, data.lender, { updatedAt: readAt });
}
