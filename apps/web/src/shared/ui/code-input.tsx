import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { CODE_PLACEHOLDER, GET_CODE, resendIn } from '@app/contract/messages/accounts.ts';
import { VERIFY_CODE_LENGTH } from '@app/contract/validators/verify-code.ts';
import type { SendCode } from '../api/send-verify-code.ts';
import './form-field.css';

export interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  /** The number typed in the form; '獲取驗證碼' sends the code there. */
  mobile: string;
  sendCode: SendCode;
}

/** The verification-code field with its '獲取驗證碼' button and countdown (login, password, deletion). */
export function CodeInput({ value, onChange, mobile, sendCode }: CodeInputProps) {
  const { secondsLeft } = sendCode;
  return (
    <div className="form-field">
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={CODE_PLACEHOLDER}
        maxLength={VERIFY_CODE_LENGTH}
        value={value}
        onChange={(code) => onChange(code.replace(/\D/g, ''))}
      />
      <Button
        className="code-send-button"
        size="small"
        color="primary"
        fill="outline"
        disabled={secondsLeft > 0}
        loading={sendCode.sending}
        onClick={() => void sendCode.send(mobile)}
      >
        {secondsLeft > 0 ? resendIn(secondsLeft) : GET_CODE}
      </Button>
    </div>
  );
}
