import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints.ts';
import { request } from '../../../shared/api/request.ts';

export type SendVerifyCodeInput = RequestOf<typeof ENDPOINTS.sendVerifyCode>;
export type SendVerifyCodeResult = ResponseOf<typeof ENDPOINTS.sendVerifyCode>;

export function sendVerifyCode(input: SendVerifyCodeInput): Promise<SendVerifyCodeResult> {
  return request(ENDPOINTS.sendVerifyCode, input, { loading: true });
}

export function useSendVerifyCode() {
  return useMutation({ mutationFn: sendVerifyCode });
}
