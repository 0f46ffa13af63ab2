import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ACCOUNT_ENDPOINTS } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';
import { endSession } from '../../../shared/session/session.ts';

export function loginOut(): Promise<unknown> {
  return request(ACCOUNT_ENDPOINTS.loginOut, {}, { loading: true });
}

/**
 * Revokes the token on the server, then forgets the session here whatever the answer:
 * a user who asked to log out must not stay logged in because the network failed.
 * Ending the session drops every cached answer and re-renders what reads it.
 */
export function useLoginOut() {
  return useSingleFlightMutation({
    mutationFn: async () => {
      try {
        await loginOut();
      } finally {
        endSession('logout');
      }
    },
  });
}
