import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints.ts';
import { request } from './request.ts';

export type SendVerifyCodeInput = RequestOf<typeof ENDPOINTS.sendVerifyCode>;
export type SendVerifyCodeResult = ResponseOf<typeof ENDPOINTS.sendVerifyCode>;

/**
 * Login codes, and codes for account deletion and password change. For the latter the
 * user types their own number; the server delivers only when it is the session's number
 * and answers the same otherwise, so the answer never tells whether a number is registered.
 */
export function sendVerifyCode(input: SendVerifyCodeInput): Promise<SendVerifyCodeResult> {
  return request(ENDPOINTS.sendVerifyCode, input, { loading: true });
}

export function useSendVerifyCode() {
  return useMutation({ mutationFn: sendVerifyCode });
}
