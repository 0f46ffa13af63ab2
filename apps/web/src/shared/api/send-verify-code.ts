import { useSingleFlightMutation } from './use-single-flight-mutation.ts';
import { ACCOUNT_ENDPOINTS, type RequestOf, type ResponseOf } from '@app/contract/endpoints/accounts.ts';
import { CODE_SENT, INVALID_MOBILE } from '@app/contract/messages/accounts.ts';
import { normalizeTypedTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { toast } from '../ui/feedback.ts';
import { request } from './request.ts';

export type SendVerifyCodeInput = RequestOf<typeof ACCOUNT_ENDPOINTS.sendVerifyCode>;
export type SendVerifyCodeResult = ResponseOf<typeof ACCOUNT_ENDPOINTS.sendVerifyCode>;

/**
 * Login codes, and codes for account deletion and password change. For the latter the
 * user types their own number; the server delivers only when it is the session's number
 * and answers the same otherwise, so the answer never tells whether a number is registered.
 */
export function sendVerifyCode(input: SendVerifyCodeInput): Promise<SendVerifyCodeResult> {
  return request(ACCOUNT_ENDPOINTS.sendVerifyCode, input, { loading: true });
}

export interface SendCode {
  /** Seconds until another code may be asked for. */
  secondsLeft: number;
  sending: boolean;
  /** Sends a code to a number typed after the '+886' prefix. */
  send: (typedMobile: string) => Promise<void>;
}

/**
 * The '獲取驗證碼' action of every code field: checks the typed number (an invalid one is
 * reported through `onError` and nothing is sent), sends, says so and starts the
 * resend countdown the server asked for.
 */
export function useSendCode(purpose: SendVerifyCodeInput['purpose'], onError: (message: string | undefined) => void): SendCode {
  const countdown = useCountdown();
  const mutation = useSingleFlightMutation({ mutationFn: sendVerifyCode });

  async function send(typedMobile: string) {
    const mobile = normalizeTypedTaiwanMobile(typedMobile);
    if (!mobile) return onError(INVALID_MOBILE);
    onError(undefined);
    try {
      const result = await mutation.mutateAsync({ mobile, purpose });
      countdown.start(result.resendAfterSeconds);
      toast(CODE_SENT);
    } catch {
      // The query client shows the server's refusal (app/query-client.ts).
    }
  }

  return { secondsLeft: countdown.secondsLeft, sending: mutation.isPending, send };
}
