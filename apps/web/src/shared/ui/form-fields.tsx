import Input from 'antd-mobile/es/components/input';
import { MOBILE_PLACEHOLDER, MOBILE_PREFIX } from '@app/contract/messages/accounts.ts';
import { PASSWORD_MAX_LENGTH, TYPED_PASSWORD_MAX_LENGTH } from '@app/contract/validators/password.ts';
import './form-field.css';

/** Room for a number typed with spaces or dashes ('0912-345-678'). */
const MOBILE_INPUT_MAX_LENGTH = 13;

export interface MobileInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The login form lets the browser fill in the user's number and offers a clear icon. */
  autoComplete?: 'tel-national';
  clearable?: boolean;
}

/** A Taiwan mobile number typed after a fixed '+886' (normalizeTypedTaiwanMobile reads it). */
export function MobileInput({ value, onChange, autoComplete, clearable }: MobileInputProps) {
  return (
    <label className="form-field">
      <span className="form-field-prefix">{MOBILE_PREFIX}</span>
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={MOBILE_PLACEHOLDER}
        maxLength={MOBILE_INPUT_MAX_LENGTH}
        clearable={clearable}
        value={value}
        onChange={onChange}
      />
    </label>
  );
}

export interface PasswordInputProps {
  /** 'current': a password the user already has; 'new': one that must meet the rule. */
  kind: 'current' | 'new';
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function PasswordInput({ kind, placeholder, value, onChange }: PasswordInputProps) {
  return (
    <div className="form-field">
      <Input
        type="password"
        autoComplete={kind === 'new' ? 'new-password' : 'current-password'}
        placeholder={placeholder}
        maxLength={kind === 'new' ? PASSWORD_MAX_LENGTH : TYPED_PASSWORD_MAX_LENGTH}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

/** The form's one error line, announced to screen readers. */
export function FormError({ message }: { message: string | undefined }) {
  return (
    <p className="form-error" role="alert">
      {message ?? ''}
    </p>
  );
}
