import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';
import { clearSession } from '../../../shared/store/local-store.ts';

export function loginOut(): Promise<unknown> {
  return request(ENDPOINTS.loginOut, {}, { loading: true });
}

/**
 * Revokes the token on the server, then forgets the session here whatever the answer:
 * a user who asked to log out must not stay logged in because the network failed.
 * The caller drops the cached answers once its own queries are switched off (else a
 * mounted query would refetch without a session and be sent to login).
 */
export function useLoginOut() {
  return useSingleFlightMutation({
    mutationFn: async () => {
      try {
        await loginOut();
      } finally {
        clearSession();
      }
    },
  });
}
