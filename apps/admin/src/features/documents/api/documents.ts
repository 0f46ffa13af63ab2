import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDocumentListResponse, TDocumentPublish, TDocumentVersionsResponse } from '@app/contract/admin/admin-config-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const documentsQueryOptions = () =>
  queryOptions({ queryKey: ['documents'], queryFn: () => adminRequest<TDocumentListResponse>(ADMIN_ROUTES.listDocuments) });
export const useDocuments = () => useQuery(documentsQueryOptions());

export const useDocumentVersions = (key: string | null) =>
  useQuery({
    queryKey: ['documents', key, 'versions'],
    queryFn: () => adminRequest<TDocumentVersionsResponse>(ADMIN_ROUTES.documentVersions, { params: { key: key ?? '' } }),
    enabled: key !== null,
  });

export function usePublishDocument(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDocumentPublish) =>
      adminRequest<TDocumentVersionsResponse>(ADMIN_ROUTES.publishDocument, { params: { key }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions().queryKey }),
  });
}
