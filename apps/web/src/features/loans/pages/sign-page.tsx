import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { TITLE_SIGN } from '@app/contract/messages/app-shell.ts';
import {
  APPLY_LOGIN_PROMPT,
  SIGN_ALREADY_SIGNED,
  SIGN_BUTTON,
  SIGN_FRAME_TITLE,
  SIGN_INTRO,
  SIGN_SCROLL_HINT,
  SIGN_VIEW_STATUS,
  SIGN_BACK_HOME,
  SIGN_NO_ORDER,
} from '@app/contract/messages/loan-pages.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { useContractHtml } from '../api/contract.ts';
import { useOrderDetail } from '../../../shared/orders/order-detail.ts';
import { ContractFrame } from '../../../shared/ui/contract-frame.tsx';
import { NoOrder } from '../../../shared/orders/no-order.tsx';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import { readApplyInfo } from '../../../shared/store/apply-info.ts';
import './loan-flow.css';

/**
 * /pages/loans/sign — the full contract for this order's terms (the contract-view path,
 * raw HTML, isolated in a sandboxed frame); 簽署 is enabled once its end has been seen.
 */
export default function SignPage() {
  return (
    <div className="page loan-flow-page sign-page">
      <NavBar title={TITLE_SIGN} />
      <LoginGate returnTo={ROUTES.sign} prompt={APPLY_LOGIN_PROMPT}>
        <SignContract />
      </LoginGate>
    </div>
  );
}

function SignContract() {
  const navigate = useNavigate();
  const orderId = useOrderId(readApplyInfo()?.orderId);
  const order = useOrderDetail(orderId);

  if (!orderId) {
    return (
      <main className="page-body">
        <NoOrder title={SIGN_NO_ORDER} backLabel={SIGN_BACK_HOME} backTo={ROUTES.loans} />
      </main>
    );
  }

  // The order first, through the envelope: a missing order or an expired session is
  // answered as such there (the contract path answers any failure as a page of HTML).
  if (order.data === undefined) {
    return (
      <main className="page-body">
        <QueryState query={order}>{() => null}</QueryState>
      </main>
    );
  }
  const data = order.data;
  if (data.state === '待簽約') return <ContractToSign orderId={data.id} />;
  return (
    <main className="page-body">
      <EmptyState title={SIGN_ALREADY_SIGNED}>
        <Button
          color="primary"
          shape="rounded"
          onClick={() => navigate(routeWithQuery(ROUTES.loanSuccess, { orderId: data.id }), { replace: true })}
        >
          {SIGN_VIEW_STATUS}
        </Button>
      </EmptyState>
    </main>
  );
}

function ContractToSign({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const contract = useContractHtml(orderId);
  const [read, setRead] = useState(false);
  const onEnd = useCallback(() => setRead(true), []);

  return (
    <>
      <main className="page-body sign-body">
        <QueryState query={contract}>
          {(html) => (
            <>
              <p className="loan-flow-intro">{SIGN_INTRO}</p>
              <ContractFrame html={html} title={SIGN_FRAME_TITLE} onEnd={onEnd} />
            </>
          )}
        </QueryState>
      </main>
      <div className="loan-flow-actions loan-flow-actions-sticky">
        {read ? null : <p className="sign-hint">{SIGN_SCROLL_HINT}</p>}
        <Button
          color="primary"
          block
          shape="rounded"
          size="large"
          disabled={!read}
          onClick={() => navigate(routeWithQuery(ROUTES.signature, { orderId }))}
        >
          {SIGN_BUTTON}
        </Button>
      </div>
    </>
  );
}
