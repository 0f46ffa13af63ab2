import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';
import { clearSession } from '../../../shared/store/local-store.ts';

export function loginOut(): Promise<unknown> {
  return request(ENDPOINTS.loginOut, {}, { loading: true });
}

/**
 * Revokes the token on the server, then forgets the session here whatever the answer:
 * a user who asked to log out must not stay logged in because the network failed.
 */
export function useLoginOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await loginOut();
      } finally {
        clearSession();
        queryClient.removeQueries();
      }
    },
  });
}
