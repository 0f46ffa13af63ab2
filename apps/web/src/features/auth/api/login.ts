import { useSingleFlightMutation } from '../../../shared/api/use-single-flight-mutation.ts';
import { ACCOUNT_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/accounts.ts';
import { request } from '../../../shared/api/request.ts';
import { beginSession } from '../../../shared/session/session.ts';
import { sendDeviceInfo } from './device-info.ts';

export type LoginInput = RequestOf<typeof ACCOUNT_ENDPOINTS.login>;
export type LoginResult = ResponseOf<typeof ACCOUNT_ENDPOINTS.login>;

export function login(input: LoginInput): Promise<LoginResult> {
  return request(ACCOUNT_ENDPOINTS.login, input, { loading: true });
}

/**
 * Logs in and starts the session: token and loginInfo stored under SPEC.md's keys,
 * every cached answer of the previous (anonymous or other) session dropped, and the
 * browser's device info sent once for this session.
 */
export function useLogin() {
  return useSingleFlightMutation({
    mutationFn: login,
    onSuccess: (result) => {
      beginSession(result.token, { userId: result.userId, uuId: result.uuId });
      void sendDeviceInfo().catch(() => undefined);
    },
  });
}
