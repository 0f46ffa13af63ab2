import { useState, type FormEvent } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Popup from 'antd-mobile/es/components/popup';
import {
  CODE_REQUIRED,
  DESTROY_CONSEQUENCES,
  DESTROY_DONE,
  DESTROY_FINAL_CONFIRM,
  DESTROY_INTRO,
  DESTROY_OPEN_ORDER,
  DESTROY_SUBMIT,
  ME_MENU_DESTROY,
} from '@app/contract/messages/accounts.ts';
import { CANCEL } from '@app/contract/messages/app-shell.ts';
import { isVerifyCode } from '@app/contract/validators/verify-code.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { useDestroyAccount } from '../api/destroy-account.ts';
import { VerifyCodeFields, type VerifyCodeValue } from './verify-code-fields.tsx';
import './sheet.css';

export interface DestroyAccountPopupProps {
  visible: boolean;
  onClose: () => void;
  maskedMobile: string;
  hasOpenOrder: boolean;
  /** The account is gone and this session forgotten. */
  onDestroyed: () => void;
}

/** 註銷帳號: what is deleted, what the law makes us keep, no undo; confirmed with a code. */
export function DestroyAccountPopup({ visible, onClose, maskedMobile, hasOpenOrder, onDestroyed }: DestroyAccountPopupProps) {
  const [verify, setVerify] = useState<VerifyCodeValue>({ mobile: '', code: '' });
  const [error, setError] = useState<string>();
  const destroy = useDestroyAccount();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isVerifyCode(verify.code)) return setError(CODE_REQUIRED);
    setError(undefined);
    const confirmed = await Dialog.confirm({
      content: DESTROY_FINAL_CONFIRM,
      confirmText: <span className="danger-text">{DESTROY_SUBMIT}</span>,
      cancelText: CANCEL,
    });
    if (!confirmed) return;
    try {
      await destroy.mutateAsync({ code: verify.code });
      toastSuccess(DESTROY_DONE);
      onDestroyed();
    } catch {
      // The query client shows the server's refusal (app/query-client.ts).
    }
  }

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      afterClose={() => {
        setVerify({ mobile: '', code: '' });
        setError(undefined);
      }}
      bodyClassName="sheet"
    >
      <form className="sheet-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={ME_MENU_DESTROY}>
        <h2 className="sheet-title">{ME_MENU_DESTROY}</h2>
        <p className="sheet-text">{DESTROY_INTRO}</p>
        <ul className="destroy-consequences">
          {DESTROY_CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {hasOpenOrder ? (
          <FormError message={DESTROY_OPEN_ORDER} />
        ) : (
          <>
            <VerifyCodeFields purpose="destroy" maskedMobile={maskedMobile} value={verify} onChange={setVerify} onError={setError} />
            <FormError message={error} />
          </>
        )}
        <Button block type="submit" color="danger" shape="rounded" disabled={hasOpenOrder} loading={destroy.isPending}>
          {DESTROY_SUBMIT}
        </Button>
        <Button block fill="none" onClick={onClose}>
          {CANCEL}
        </Button>
      </form>
    </Popup>
  );
}
