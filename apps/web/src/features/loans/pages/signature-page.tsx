import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { TITLE_SIGNATURE } from '@app/contract/messages/app-shell.ts';
import {
  APPLY_LOGIN_PROMPT,
  SIGNATURE_CLEAR,
  SIGNATURE_CONFIRM,
  SIGNATURE_EMPTY,
  SIGNATURE_HINT,
  SIGNATURE_SUBMITTING,
  SIGN_BACK_HOME,
  SIGN_NO_ORDER,
} from '@app/contract/messages/loan-pages.ts';
import { showRequestError } from '../../../shared/api/request.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { UploadBlockedError } from '../../../shared/files/upload-files.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { loanConfirm, signContract } from '../api/contract.ts';
import { orderDetail } from '../../../shared/orders/order-detail.ts';
import { SignatureCanvas, type SignatureHandle } from '../components/signature-canvas.tsx';
import { NoOrder } from '../../../shared/orders/no-order.tsx';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import { clearApplyInfo, readApplyInfo } from '../../../shared/store/apply-info.ts';
import './loan-flow.css';

/**
 * /pages/loans/signature — the borrower signs by hand; 確認 uploads the PNG, signs the
 * contract with it (contract/add) and submits the order (loan/confirm), then shows it.
 */
export default function SignaturePage() {
  return (
    <div className="page loan-flow-page signature-page">
      {/* No floating service button over the canvas and its buttons. */}
      <NavBar title={TITLE_SIGNATURE} showService={false} />
      <LoginGate returnTo={ROUTES.signature} prompt={APPLY_LOGIN_PROMPT}>
        <SignatureForm />
      </LoginGate>
    </div>
  );
}

function SignatureForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = useOrderId(readApplyInfo()?.orderId);
  const pad = useRef<SignatureHandle>(null);
  const [busy, setBusy] = useState(false);

  if (!orderId) {
    return (
      <main className="page-body">
        <NoOrder title={SIGN_NO_ORDER} backLabel={SIGN_BACK_HOME} backTo={ROUTES.loans} />
      </main>
    );
  }

  async function confirm(order: string): Promise<void> {
    if (busy) return;
    if (!pad.current || pad.current.isEmpty()) {
      toast(SIGNATURE_EMPTY);
      return;
    }
    setBusy(true);
    try {
      // A retry after contract/add succeeded (and loan/confirm did not) only confirms.
      const { contractSigned } = await orderDetail(order);
      if (!contractSigned) await signContract(order, await pad.current.toPng());
      await loanConfirm(order);
      clearApplyInfo();
      await queryClient.invalidateQueries({ queryKey: ['loan'] });
      void navigate(routeWithQuery(ROUTES.loanSuccess, { orderId: order }), { replace: true });
    } catch (error) {
      if (!(error instanceof UploadBlockedError)) showRequestError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page-body signature-body">
      <p className="signature-hint">{SIGNATURE_HINT}</p>
      <SignatureCanvas ref={pad} />
      {busy ? (
        <p className="signature-status" role="status">
          {SIGNATURE_SUBMITTING}
        </p>
      ) : null}
      <div className="signature-actions">
        <Button shape="rounded" size="large" disabled={busy} onClick={() => pad.current?.clear()}>
          {SIGNATURE_CLEAR}
        </Button>
        <Button color="primary" shape="rounded" size="large" loading={busy} onClick={() => void confirm(orderId)}>
          {SIGNATURE_CONFIRM}
        </Button>
      </div>
    </main>
  );
}
