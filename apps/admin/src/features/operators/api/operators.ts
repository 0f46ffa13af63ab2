import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TEnrolmentLinkResponse, TOperatorListResponse } from '@app/contract/admin/admin-schemas.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: ['operators'], queryFn: () => adminRequest<TOperatorListResponse>(ADMIN_ROUTES.listOperators) });

export const useOperators = () => useQuery(operatorsQueryOptions());

function useOperatorMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }) });
}

export const useCreateOperator = () =>
  useOperatorMutation((input: { username: string; role: TOperatorRole }) =>
    adminRequest<TEnrolmentLinkResponse>(ADMIN_ROUTES.createOperator, { body: input }),
  );

export const useUpdateOperator = () =>
  useOperatorMutation((input: { id: number; role?: TOperatorRole; disabled?: boolean }) =>
    adminRequest<{ ok: true }>(ADMIN_ROUTES.updateOperator, {
      params: { id: input.id },
      body: { role: input.role, disabled: input.disabled },
    }),
  );

export const useReissueEnrolment = () =>
  useOperatorMutation((id: number) => adminRequest<TEnrolmentLinkResponse>(ADMIN_ROUTES.reissueEnrolment, { params: { id } }));
