import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Steps from 'antd-mobile/es/components/steps';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import {
  PAYOUT_FAILED_ASK_ACCOUNT,
  PAYOUT_FAILED_WILL_RETRY,
  payoutAccountChangedText,
  payoutFailedEventText,
} from '@app/contract/messages/payout-account.ts';
import { TITLE_LOAN_SUCCESS } from '@app/contract/messages/app-shell.ts';
import { DECISION_MANUAL_REVIEW } from '@app/contract/messages/decisions.ts';
import {
  APPLY_LOGIN_PROMPT,
  SUCCESS_APPROVED,
  SUCCESS_CANCELLED,
  SUCCESS_HOME,
  SUCCESS_NO_ORDER,
  SUCCESS_ORDER_NO,
  SUCCESS_REFRESHING,
  SUCCESS_REVIEWING,
  SUCCESS_SIGN,
  SUCCESS_SIGN_FIRST,
  SUCCESS_STEPS,
  SUCCESS_VIEW_ORDER,
  disbursedLine,
  disbursingLine,
  firstDueLine,
  reapplyLine,
} from '@app/contract/messages/loan-pages.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { useOrderDetail, type OrderDetail } from '../../../shared/orders/order-detail.ts';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import { readApplyInfo } from '../../../shared/store/apply-info.ts';
import { formatDate, formatMoney } from '../../../shared/utils/format.ts';
import './loan-flow.css';

/**
 * /pages/loans/success — the submitted order, its state (read again every few seconds
 * while the decision or the payout is under way) and what happens next.
 */
export default function LoanSuccessPage() {
  return (
    <div className="page loan-flow-page success-page">
      {/* The application is done: back leads home, not to the signed contract again. */}
      <NavBar title={TITLE_LOAN_SUCCESS} backTo={ROUTES.loans} />
      <main className="page-body">
        <LoginGate returnTo={ROUTES.loanSuccess} prompt={APPLY_LOGIN_PROMPT}>
          <SubmittedOrder />
        </LoginGate>
      </main>
    </div>
  );
}

function SubmittedOrder() {
  const navigate = useNavigate();
  const orderId = useOrderId(readApplyInfo()?.orderId);
  const order = useOrderDetail(orderId);
  const home = (
    <Button block shape="rounded" size="large" onClick={() => navigate(ROUTES.loans)}>
      {SUCCESS_HOME}
    </Button>
  );
  if (!orderId) return <EmptyState title={SUCCESS_NO_ORDER}>{home}</EmptyState>;
  return (
    <QueryState query={order}>
      {(data) => (
        <>
          <OrderState order={data} />
          <div className="success-actions">
            {data.state === '待簽約' ? (
              <Button
                color="primary"
                block
                shape="rounded"
                size="large"
                onClick={() => navigate(routeWithQuery(ROUTES.sign, { orderId: data.id }))}
              >
                {SUCCESS_SIGN}
              </Button>
            ) : (
              <Button
                color="primary"
                block
                shape="rounded"
                size="large"
                onClick={() => navigate(routeWithQuery(ROUTES.orderDetail, { orderId: data.id }))}
              >
                {SUCCESS_VIEW_ORDER}
              </Button>
            )}
            {home}
          </div>
        </>
      )}
    </QueryState>
  );
}

/** Where the order stands on the way to the money: 審核中 → 已核准 → 放款中 → 待還款 (and after). */
function progressIndex(state: OrderDetail['state']): number {
  const index = (SUCCESS_STEPS as readonly string[]).indexOf(state);
  if (index >= 0) return index;
  return SUCCESS_STEPS.length - 1;
}

function nextSteps(order: OrderDetail): string[] {
  switch (order.state) {
    case '待簽約':
      return [SUCCESS_SIGN_FIRST];
    case '審核中':
      return [order.awaitingStaff ? DECISION_MANUAL_REVIEW : SUCCESS_REVIEWING];
    case '已核准':
      return [SUCCESS_APPROVED, disbursingLine(order.bankAccount)];
    case '放款中': {
      // A failed payout says so, with the bank's reason in words, until it is retried (decision 0169).
      const failure = order.payoutFailure;
      if (!failure) return [disbursingLine(order.bankAccount)];
      const next = failure.changedTo
        ? payoutAccountChangedText(failure.changedTo)
        : failure.accountProblem
          ? PAYOUT_FAILED_ASK_ACCOUNT
          : PAYOUT_FAILED_WILL_RETRY;
      return [payoutFailedEventText(failure.reason), next];
    }
    case '已拒絕':
      return [order.refusalMessage ?? '', order.coolDownUntil ? reapplyLine(formatDate(order.coolDownUntil)) : ''].filter(Boolean);
    case '已取消':
      return [SUCCESS_CANCELLED];
    default: {
      const lines = [disbursedLine(formatMoney(order.principal), order.bankAccount)];
      const first = order.instalments.find((instalment) => instalment.state !== 'paid');
      if (order.nextDueDate) lines.push(firstDueLine(formatDate(order.nextDueDate), formatMoney(order.nextDueAmount)));
      else if (first) lines.push(firstDueLine(formatDate(first.dueDate), formatMoney(first.total - first.paid)));
      return lines;
    }
  }
}

function OrderState({ order }: { order: OrderDetail }) {
  const refused = order.state === '已拒絕' || order.state === '已取消';
  const moving = order.state === '審核中' || order.state === '已核准' || order.state === '放款中';
  const icon = refused ? <CloseCircleFill /> : moving || order.state === '待簽約' ? <ClockCircleFill /> : <CheckCircleFill />;
  const current = progressIndex(order.state);
  return (
    <section className={refused ? 'success-card success-card-refused' : 'success-card'} aria-live="polite">
      <div className="success-icon" aria-hidden>
        {icon}
      </div>
      <p className="success-state" data-testid="order-state">
        {order.state}
      </p>
      <p className="success-amount">
        {order.productName}・{formatMoney(order.principal)}
      </p>
      <p className="success-order-no">
        {SUCCESS_ORDER_NO} {order.orderNo}
      </p>
      {refused || order.state === '待簽約' ? null : (
        <Steps className="success-steps" current={current}>
          {SUCCESS_STEPS.map((step, index) => (
            <Steps.Step key={step} title={step} status={index < current || !moving ? 'finish' : index === current ? 'process' : 'wait'} />
          ))}
        </Steps>
      )}
      <div className="success-next" data-testid="order-next">
        {nextSteps(order).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {moving ? <p className="success-refreshing">{SUCCESS_REFRESHING}</p> : null}
      </div>
    </section>
  );
}
