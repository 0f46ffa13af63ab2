import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { DownlandOutline } from 'antd-mobile-icons';
import { TITLE_ORDER_CONTRACT } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/order-pages.ts';
import { isRequestError } from '../../../shared/api/request-error.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { toast, toastError } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { downloadContractPdf, saveBlob, useSignedContractHtml } from '../api/contract.ts';
import { useOrderDetail, type OrderDetail } from '../../../shared/orders/order-detail.ts';
import { ContractFrame } from '../../../shared/ui/contract-frame.tsx';
import { NoOrder } from '../../../shared/orders/no-order.tsx';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import './orders.css';

/** /pages/order/contract?orderId= — the contract exactly as signed, and its PDF. */
export default function OrderContractPage() {
  return (
    <div className="page order-contract-page">
      <NavBar title={TITLE_ORDER_CONTRACT} />
      <main className="page-body order-contract-body">
        <LoginGate returnTo={ROUTES.orders} prompt={T.ORDER_LIST_LOGIN_PROMPT}>
          <OrderContractBody />
        </LoginGate>
      </main>
    </div>
  );
}

function OrderContractBody() {
  const orderId = useOrderId();
  const detail = useOrderDetail(orderId);
  if (!orderId) return <NoOrder title={T.ORDER_DETAIL_NO_ORDER} backLabel={T.ORDER_DETAIL_BACK_TO_LIST} backTo={ROUTES.orders} />;
  return (
    <QueryState query={detail}>
      {(order) => (order.actions.viewContract ? <SignedContract order={order} /> : <EmptyState title={T.ORDER_CONTRACT_NOT_SIGNED} />)}
    </QueryState>
  );
}

function SignedContract({ order }: { order: OrderDetail }) {
  const html = useSignedContractHtml(order.id, true);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      saveBlob(await downloadContractPdf(order.id), T.contractFileName(order.orderNo));
      toast(T.ORDER_CONTRACT_DOWNLOADED);
    } catch (error) {
      // A refusal comes with its own message; anything else says the download failed.
      toastError(isRequestError(error) && error.kind === 'business' && error.message ? error.message : T.ORDER_CONTRACT_DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <QueryState query={html}>
        {(text) => <ContractFrame html={text} title={T.ORDER_CONTRACT_FRAME_TITLE} testId="signed-contract-frame" />}
      </QueryState>
      <div className="order-contract-actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={busy}
          onClick={() => void download()}
          data-testid="contract-download"
        >
          <DownlandOutline aria-hidden /> {T.ORDER_CONTRACT_DOWNLOAD}
        </Button>
      </div>
    </>
  );
}
