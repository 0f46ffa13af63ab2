import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDecisionPolicyForm, TDecisionPolicyResponse } from '@app/contract/admin/admin-policy-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const decisionPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'decision-policy'],
    queryFn: () => adminRequest<TDecisionPolicyResponse>(ADMIN_ROUTES.getDecisionPolicy),
  });

export const useDecisionPolicy = () => useQuery(decisionPolicyQueryOptions());

export function useSaveDecisionPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: TDecisionPolicyForm) => adminRequest<TDecisionPolicyResponse>(ADMIN_ROUTES.saveDecisionPolicy, { body: form }),
    onSuccess: (saved) => queryClient.setQueryData(decisionPolicyQueryOptions().queryKey, saved),
  });
}
