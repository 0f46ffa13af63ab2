import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCampaignForm, TCampaignListResponse } from '@app/contract/admin/admin-config-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const campaignsQueryOptions = () =>
  queryOptions({ queryKey: ['campaigns'], queryFn: () => adminRequest<TCampaignListResponse>(ADMIN_ROUTES.listCampaigns) });
export const useCampaigns = () => useQuery(campaignsQueryOptions());

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; form: TCampaignForm }) =>
      input.id === null
        ? adminRequest<{ id: number }>(ADMIN_ROUTES.createCampaign, { body: input.form })
        : adminRequest<{ id: number }>(ADMIN_ROUTES.updateCampaign, { params: { id: input.id }, body: input.form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryOptions().queryKey }),
  });
}
