import { useState, type FormEvent } from 'react';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import Segmented from 'antd-mobile/es/components/segmented';
import { isValidPassword } from '@app/contract/validators/password.ts';
import { isVerifyCode } from '@app/contract/validators/verify-code.ts';
import {
  CODE_REQUIRED,
  ME_MENU_EDIT_PASSWORD,
  ME_MENU_SET_PASSWORD,
  PASSWORD_BY_CODE,
  PASSWORD_BY_OLD,
  PASSWORD_CHANGED,
  PASSWORD_MISMATCH,
  PASSWORD_NEW_PLACEHOLDER,
  PASSWORD_OLD_PLACEHOLDER,
  PASSWORD_REPEAT_PLACEHOLDER,
  PASSWORD_REQUIRED,
  PASSWORD_SAVED,
  PASSWORD_RULE,
} from '@app/contract/messages/accounts.ts';
import { SUBMIT } from '@app/contract/messages/app-shell.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { FormError, PasswordInput } from '../../../shared/ui/form-fields.tsx';
import { useEditPassword } from '../api/edit-password.ts';
import { useInitPassword } from '../api/init-password.ts';
import { VerifyCodeFields, type VerifyCodeValue } from './verify-code-fields.tsx';
import './sheet.css';

type EditWay = 'old' | 'code';

export interface PasswordPopupProps {
  visible: boolean;
  onClose: () => void;
  /** No password yet: set one (init); else change it (edit). */
  hasPassword: boolean;
  maskedMobile: string;
}

/** Set a first password, or change it with the old one or with a fresh code. */
export function PasswordPopup({ visible, onClose, hasPassword, maskedMobile }: PasswordPopupProps) {
  const [way, setWay] = useState<EditWay>('old');
  const [oldPassword, setOldPassword] = useState('');
  const [verify, setVerify] = useState<VerifyCodeValue>({ mobile: '', code: '' });
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string>();
  const init = useInitPassword();
  const edit = useEditPassword();

  function reset() {
    setOldPassword('');
    setVerify({ mobile: '', code: '' });
    setNewPassword('');
    setRepeat('');
    setError(undefined);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (hasPassword && way === 'old' && oldPassword === '') return setError(PASSWORD_REQUIRED);
    if (hasPassword && way === 'code' && !isVerifyCode(verify.code)) return setError(CODE_REQUIRED);
    if (!isValidPassword(newPassword)) return setError(PASSWORD_RULE);
    if (newPassword !== repeat) return setError(PASSWORD_MISMATCH);
    setError(undefined);
    try {
      if (!hasPassword) {
        await init.mutateAsync({ password: newPassword });
      } else if (way === 'old') {
        await edit.mutateAsync({ oldPassword, newPassword });
      } else {
        await edit.mutateAsync({ code: verify.code, newPassword });
      }
      toastSuccess(hasPassword ? PASSWORD_CHANGED : PASSWORD_SAVED);
      reset();
      onClose();
    } catch {
      // The query client shows the server's refusal (app/query-client.ts).
    }
  }

  const title = hasPassword ? ME_MENU_EDIT_PASSWORD : ME_MENU_SET_PASSWORD;
  return (
    <Popup visible={visible} onMaskClick={onClose} afterClose={reset} bodyClassName="sheet" destroyOnClose>
      <form className="sheet-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <h2 className="sheet-title">{title}</h2>
        {hasPassword ? (
          <Segmented
            block
            value={way}
            onChange={(next) => {
              setWay(next === 'code' ? 'code' : 'old');
              setError(undefined);
            }}
            options={[
              { label: PASSWORD_BY_OLD, value: 'old' },
              { label: PASSWORD_BY_CODE, value: 'code' },
            ]}
          />
        ) : null}
        {hasPassword && way === 'old' ? (
          <PasswordInput kind="current" placeholder={PASSWORD_OLD_PLACEHOLDER} value={oldPassword} onChange={setOldPassword} />
        ) : null}
        {hasPassword && way === 'code' ? (
          <VerifyCodeFields purpose="password" maskedMobile={maskedMobile} value={verify} onChange={setVerify} onError={setError} />
        ) : null}
        <PasswordInput kind="new" placeholder={PASSWORD_NEW_PLACEHOLDER} value={newPassword} onChange={setNewPassword} />
        <PasswordInput kind="new" placeholder={PASSWORD_REPEAT_PLACEHOLDER} value={repeat} onChange={setRepeat} />
        <FormError message={error} />
        <Button block type="submit" color="primary" shape="rounded" loading={init.isPending || edit.isPending}>
          {SUBMIT}
        </Button>
      </form>
    </Popup>
  );
}
