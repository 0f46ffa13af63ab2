import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { CODE_PLACEHOLDER, GET_CODE, resendIn } from '@app/contract/messages/accounts.ts';
import './form-field.css';

export interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  /** Seconds until another code may be asked for; the button waits until then. */
  secondsLeft: number;
  sending: boolean;
  onSend: () => void;
}

/** The 6-digit code field with its '獲取驗證碼' button and countdown (login, password, deletion). */
export function CodeInput({ value, onChange, secondsLeft, sending, onSend }: CodeInputProps) {
  return (
    <div className="form-field">
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={CODE_PLACEHOLDER}
        maxLength={6}
        value={value}
        onChange={(code) => onChange(code.replace(/\D/g, ''))}
      />
      <Button
        className="code-send-button"
        size="small"
        color="primary"
        fill="outline"
        disabled={secondsLeft > 0}
        loading={sending}
        onClick={onSend}
      >
        {secondsLeft > 0 ? resendIn(secondsLeft) : GET_CODE}
      </Button>
    </div>
  );
}
