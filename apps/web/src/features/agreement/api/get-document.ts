import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMON_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/common.ts';
import type { DocumentKey } from '@app/contract/schemas/user.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type LegalDocument = ResponseOf<typeof COMMON_ENDPOINTS.commonDocument>;

export function getDocument(key: DocumentKey): Promise<LegalDocument> {
  return request(COMMON_ENDPOINTS.commonDocument, { key });
}

export function documentQueryOptions(key: DocumentKey) {
  return queryOptions({
    queryKey: ['document', key],
    queryFn: () => getDocument(key),
    staleTime: 10 * 60_000,
    // The page shows a refusal as its empty state (agreement-page.tsx).
    meta: INLINE_ERROR_META,
  });
}

/** A legal document; public, readable before login. */
export function useDocument(key: DocumentKey) {
  return useQuery(documentQueryOptions(key));
}
