import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ACCOUNT_ENDPOINTS, type RequestOf } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';
import { endSession } from '../../../shared/session/session.ts';

export type DestroyAccountInput = RequestOf<typeof ACCOUNT_ENDPOINTS.destroy>;

export function destroyAccount(input: DestroyAccountInput): Promise<unknown> {
  return request(ACCOUNT_ENDPOINTS.destroy, input, { loading: true });
}

/**
 * Deletes the account; on success every session is gone, so this one is forgotten too
 * (the caller drops the cached answers once its queries are switched off).
 */
export function useDestroyAccount() {
  return useSingleFlightMutation({ mutationFn: destroyAccount, onSuccess: () => endSession('logout') });
}
