import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { normalizeTypedTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { isVerifyCode } from '@app/contract/validators/verify-code.ts';
import {
  CODE_REQUIRED,
  CONSENT_AND,
  CONSENT_PREFIX,
  CONSENT_REQUIRED,
  DOC_PRIVACY_POLICY,
  DOC_USER_AGREEMENT,
  INVALID_MOBILE,
  LOGIN_AUTO_REGISTER,
  LOGIN_SUBMIT,
  LOGIN_SUCCESS,
  LOGIN_WITH_CODE,
  LOGIN_WITH_PASSWORD,
  PASSWORD_PLACEHOLDER,
  PASSWORD_REQUIRED,
} from '@app/contract/messages/accounts.ts';
import { useSendCode } from '../../../shared/api/send-verify-code.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { CodeInput } from '../../../shared/ui/code-input.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { FormError, MobileInput, PasswordInput } from '../../../shared/ui/form-fields.tsx';
import { useLogin } from '../api/login.ts';
import './login-form.css';

type Mode = 'code' | 'password';

export interface LoginFormProps {
  /** Called once the session is stored. */
  onLoggedIn: () => void;
}

/** Phone + SMS code (or password) login, shared by the login page and the campaign landing. */
export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const [mode, setMode] = useState<Mode>('code');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string>();
  const sendCode = useSendCode('login', setError);
  const login = useLogin();

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(undefined);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeTypedTaiwanMobile(mobile);
    if (!normalized) return setError(INVALID_MOBILE);
    if (mode === 'code' && !isVerifyCode(code)) return setError(CODE_REQUIRED);
    if (mode === 'password' && password === '') return setError(PASSWORD_REQUIRED);
    if (!consent) return setError(CONSENT_REQUIRED);
    setError(undefined);
    try {
      await login.mutateAsync(mode === 'code' ? { mobile: normalized, code } : { mobile: normalized, password });
      toastSuccess(LOGIN_SUCCESS);
      onLoggedIn();
    } catch {
      // The query client shows the server's refusal (app/query-client.ts).
    }
  }

  return (
    <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <MobileInput value={mobile} onChange={edit(setMobile)} autoComplete="tel-national" clearable />
      {mode === 'code' ? (
        <CodeInput value={code} onChange={edit(setCode)} mobile={mobile} sendCode={sendCode} />
      ) : (
        <PasswordInput kind="current" placeholder={PASSWORD_PLACEHOLDER} value={password} onChange={edit(setPassword)} />
      )}
      <div className="login-consent">
        <Checkbox
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            setError(undefined);
          }}
        >
          {CONSENT_PREFIX}
        </Checkbox>
        <Link to={routeWithQuery(ROUTES.agreement, { key: 'user_agreement' })}>《{DOC_USER_AGREEMENT}》</Link>
        {CONSENT_AND}
        <Link to={routeWithQuery(ROUTES.agreement, { key: 'privacy_policy' })}>《{DOC_PRIVACY_POLICY}》</Link>
      </div>
      <FormError message={error} />
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={login.isPending}>
        {LOGIN_SUBMIT}
      </Button>
      <button
        type="button"
        className="login-switch"
        onClick={() => {
          setMode(mode === 'code' ? 'password' : 'code');
          setError(undefined);
        }}
      >
        {mode === 'code' ? LOGIN_WITH_PASSWORD : LOGIN_WITH_CODE}
      </button>
      {mode === 'code' ? <p className="login-note">{LOGIN_AUTO_REGISTER}</p> : null}
    </form>
  );
}
