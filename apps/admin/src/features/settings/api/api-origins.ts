import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TApiOrigins } from '@app/contract/admin/admin-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const apiOriginsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'api-origins'], queryFn: () => adminRequest<TApiOrigins>(ADMIN_ROUTES.getApiOrigins) });

export const useApiOrigins = () => useQuery(apiOriginsQueryOptions());

export function useSaveApiOrigins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origins: string[]) => adminRequest<TApiOrigins>(ADMIN_ROUTES.saveApiOrigins, { body: { origins } }),
    onSuccess: (saved) => queryClient.setQueryData(apiOriginsQueryOptions().queryKey, saved),
  });
}
