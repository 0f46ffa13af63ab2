import { codeGoesTo } from '@app/contract/messages/accounts.ts';
import { useSendCode } from '../../../shared/api/send-verify-code.ts';
import { CodeInput } from '../../../shared/ui/code-input.tsx';
import { MobileInput } from '../../../shared/ui/form-fields.tsx';

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
  const sendCode = useSendCode(purpose, onError);
  return (
    <div className="code-fields">
      <p className="code-fields-hint">{codeGoesTo(maskedMobile)}</p>
      <MobileInput value={value.mobile} onChange={(mobile) => onChange({ ...value, mobile })} />
      <CodeInput value={value.code} onChange={(code) => onChange({ ...value, code })} mobile={value.mobile} sendCode={sendCode} />
    </div>
  );
}
