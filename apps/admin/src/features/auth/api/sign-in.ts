import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TEnrolmentCompleteResponse, TEnrolmentShowResponse, TSessionResponse } from '@app/contract/admin/admin-schemas.ts';
import { adminRequest, ensureCsrfCookie } from '../../../shared/api/admin-request.ts';
import { sessionQueryOptions } from '../../../shared/api/session.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { username: string; password: string; code: string }) => {
      await ensureCsrfCookie(ADMIN_ROUTES.csrf);
      return adminRequest<TSessionResponse>(ADMIN_ROUTES.login, { body: input });
    },
    onSuccess: (session) => queryClient.setQueryData(sessionQueryOptions().queryKey, session),
  });
}

export function useShowEnrolment() {
  return useMutation({
    mutationFn: async (token: string) => {
      await ensureCsrfCookie(ADMIN_ROUTES.csrf);
      return adminRequest<TEnrolmentShowResponse>(ADMIN_ROUTES.enrolmentShow, { body: { token } });
    },
  });
}

export function useCompleteEnrolment() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; code: string }) =>
      adminRequest<TEnrolmentCompleteResponse>(ADMIN_ROUTES.enrolmentComplete, { body: input }),
  });
}
