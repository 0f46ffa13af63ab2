import Input from 'antd-mobile/es/components/input';
import { normalizeTypedTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { CODE_SENT, INVALID_MOBILE, MOBILE_PLACEHOLDER, MOBILE_PREFIX, codeGoesTo } from '@app/contract/messages/accounts.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { useSendVerifyCode } from '../../../shared/api/send-verify-code.ts';
import { useCountdown } from '../../../shared/hooks/use-countdown.ts';
import { CodeInput } from '../../../shared/ui/code-input.tsx';

export interface VerifyCodeValue {
  mobile: string;
  code: string;
}

export interface VerifyCodeFieldsProps {
  purpose: 'destroy' | 'password';
  maskedMobile: string;
  value: VerifyCodeValue;
  onChange: (value: VerifyCodeValue) => void;
  onError: (message: string | undefined) => void;
}

/**
 * The user's own number and a code sent to it. The app only knows the masked number,
 * so the user types it; the server sends the code only to the session's own number.
 */
export function VerifyCodeFields({ purpose, maskedMobile, value, onChange, onError }: VerifyCodeFieldsProps) {
  const countdown = useCountdown();
  const send = useSendVerifyCode();

  async function onSend() {
    const mobile = normalizeTypedTaiwanMobile(value.mobile);
    if (!mobile) return onError(INVALID_MOBILE);
    onError(undefined);
    try {
      const result = await send.mutateAsync({ mobile, purpose });
      countdown.start(result.resendAfterSeconds);
      toast(CODE_SENT);
    } catch {
      // The query client shows the server's refusal (app/query-client.ts).
    }
  }

  return (
    <div className="code-fields">
      <p className="code-fields-hint">{codeGoesTo(maskedMobile)}</p>
      <label className="form-field">
        <span className="form-field-prefix">{MOBILE_PREFIX}</span>
        <Input
          type="tel"
          inputMode="numeric"
          placeholder={MOBILE_PLACEHOLDER}
          maxLength={13}
          value={value.mobile}
          onChange={(mobile) => onChange({ ...value, mobile })}
        />
      </label>
      <CodeInput
        value={value.code}
        onChange={(code) => onChange({ ...value, code })}
        secondsLeft={countdown.secondsLeft}
        sending={send.isPending}
        onSend={() => void onSend()}
      />
    </div>
  );
}
