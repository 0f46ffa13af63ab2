import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import { TITLE_ORDER_DETAIL } from '@app/contract/messages/app-shell.ts';
import { DECISION_MANUAL_REVIEW } from '@app/contract/messages/decisions.ts';
import * as T from '@app/contract/messages/order-pages.ts';
import * as P from '@app/contract/messages/payout-account.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { settlementFileName } from '@app/contract/messages/repayments.ts';
import { isRequestError } from '../../../shared/api/request-error.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { downloadSettlementCertificate, saveBlob } from '../api/contract.ts';
import { type OrderDetail } from '../../../shared/orders/order-detail.ts';
import { OrderEvents, OrderPayments, OrderSchedule, OrderTerms } from '../components/order-sections.tsx';
import { OrderPage, OrderSummary } from '../components/order-page.tsx';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { formatDate, formatMoney } from '../../../shared/utils/format.ts';
import './orders.css';

/**
 * /pages/order/detail?orderId= — the order's terms, schedule (paid and unpaid
 * instalments), payments, timeline and due date, with 還款 / 展期 / 查看合約 when the
 * order allows them now, and 取消申請 before the payout (after a confirmation).
 */
/** The 結清證明 PDF saved on the device; a refusal shows its own message. */
async function downloadCertificate(order: OrderDetail): Promise<void> {
  try {
    saveBlob(await downloadSettlementCertificate(order.id), settlementFileName(order.orderNo));
  } catch (error) {
    toastError(isRequestError(error) && error.kind === 'business' && error.message ? error.message : T.ORDER_CONTRACT_DOWNLOAD_FAILED);
  }
}

export default function OrderDetailPage() {
  return (
    <OrderPage className="order-detail-page" title={TITLE_ORDER_DETAIL}>
      {(order) => <OrderDetailView order={order} />}
    </OrderPage>
  );
}

function OrderDetailView({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const { actions } = order;
  const cancel = useCancelOrder(order.id);
  const settled = order.state === '已結清';
  const hasActions = actions.sign || actions.repay || actions.extend || actions.viewContract || actions.cancel || settled;

  async function confirmCancel(): Promise<void> {
    const confirmed = await Dialog.confirm({
      title: T.ORDER_CANCEL_CONFIRM_TITLE,
      content: T.ORDER_CANCEL_CONFIRM_TEXT,
      confirmText: T.ORDER_CANCEL_CONFIRM_OK,
      cancelText: T.ORDER_CANCEL_CONFIRM_KEEP,
    });
    if (!confirmed) return;
    // A refusal (paid out meanwhile) is shown by the request layer; the detail is read again.
    await cancel.mutateAsync().then(
      () => toastSuccess(T.ORDER_CANCELLED),
      () => undefined,
    );
  }
  return (
    <>
      <OrderSummary order={order}>
        {order.refusalMessage ? <p className="order-summary-refusal">{order.refusalMessage}</p> : null}
        {order.awaitingStaff ? (
          <p className="order-summary-due" data-testid="order-awaiting-staff">
            {DECISION_MANUAL_REVIEW}
          </p>
        ) : null}
        {order.coolDownUntil ? (
          <p className="order-summary-due">
            {T.ORDER_DETAIL_COOL_DOWN} {formatDate(order.coolDownUntil)}
          </p>
        ) : null}
        {order.creditKept > 0 ? (
          <p className="order-summary-due" data-testid="order-credit-kept">
            {T.ORDER_DETAIL_CREDIT_KEPT} <strong>{formatMoney(order.creditKept)}</strong>
          </p>
        ) : null}
        {order.creditRefunded > 0 ? (
          <p className="order-summary-due" data-testid="order-credit-refunded">
            {T.ORDER_DETAIL_CREDIT_REFUNDED} <strong>{formatMoney(order.creditRefunded)}</strong>
          </p>
        ) : null}
      </OrderSummary>

      {order.payoutFailure ? <PayoutFailure order={order} failure={order.payoutFailure} /> : null}

      {hasActions ? (
        <div className="order-actions" data-testid="order-actions">
          {actions.sign ? (
            <Button color="primary" shape="rounded" onClick={() => navigate(routeWithQuery(ROUTES.sign, { orderId: order.id }))}>
              {T.ORDER_ACTION_SIGN}
            </Button>
          ) : null}
          {actions.repay ? (
            <Button
              color={order.state === '已逾期' ? 'danger' : 'primary'}
              shape="rounded"
              onClick={() => navigate(routeWithQuery(ROUTES.orderPay, { orderId: order.id }))}
            >
              {T.ORDER_ACTION_REPAY}
            </Button>
          ) : null}
          {actions.extend ? (
            // Before its window opens, 展期 says from when instead of looking tappable.
            <Button
              shape="rounded"
              data-testid="order-extend"
              disabled={order.extensionOpensOn !== null}
              onClick={() => navigate(routeWithQuery(ROUTES.orderPay, { orderId: order.id, mode: 'extend' }))}
            >
              {T.ORDER_ACTION_EXTEND}
            </Button>
          ) : null}
          {actions.viewContract ? (
            <Button shape="rounded" onClick={() => navigate(routeWithQuery(ROUTES.orderContract, { orderId: order.id }))}>
              {T.ORDER_ACTION_CONTRACT}
            </Button>
          ) : null}
          {settled ? (
            <Button color="primary" shape="rounded" data-testid="settlement-certificate" onClick={() => void downloadCertificate(order)}>
              {T.ORDER_ACTION_SETTLEMENT_CERTIFICATE}
            </Button>
          ) : null}
          {actions.cancel ? (
            <Button shape="rounded" data-testid="order-cancel" onClick={() => void confirmCancel()}>
              {T.ORDER_ACTION_CANCEL}
            </Button>
          ) : null}
        </div>
      ) : null}
      {actions.extend && order.extensionOpensOn ? (
        <p className="order-note order-extension-opens" data-testid="order-extension-opens">
          {T.extensionOpensText(formatDate(order.extensionOpensOn))}
        </p>
      ) : null}

      <OrderSchedule order={order} />
      <OrderPayments payments={order.payments} />
      <OrderTerms order={order} />
      <OrderEvents order={order} />
    </>
  );
}

/**
 * The order's payout failed (decision 0169): why, in words; whether the borrower is asked for
 * another account (the account is why) or the lender will retry; the account given since;
 * and 更換收款帳戶 while the account may change.
 */
function PayoutFailure({ order, failure }: { order: OrderDetail; failure: NonNullable<OrderDetail['payoutFailure']> }) {
  const navigate = useNavigate();
  const asked = failure.accountProblem && failure.changedTo === null;
  return (
    <section
      className={failure.changedTo ? 'order-payout-failure order-payout-failure-changed' : 'order-payout-failure'}
      data-testid="order-payout-failure"
      aria-live="polite"
    >
      <p className="order-payout-failure-title">{failure.changedTo ? P.PAYOUT_AWAITING_RETRY_TITLE : P.PAYOUT_FAILED_TITLE}</p>
      <p data-testid="order-payout-failure-reason">{failure.changedTo ? P.payoutFailedEventText(failure.reason) : failure.reason}</p>
      <p className="order-payout-failure-next">
        {failure.changedTo
          ? P.payoutAccountChangedText(failure.changedTo)
          : asked
            ? P.PAYOUT_FAILED_ASK_ACCOUNT
            : P.PAYOUT_FAILED_WILL_RETRY}
      </p>
      {failure.canChangeAccount ? (
        <Button
          block
          shape="rounded"
          color={asked ? 'primary' : 'default'}
          data-testid="order-change-account"
          onClick={() => void navigate(routeWithQuery(ROUTES.orderAccount, { orderId: order.id }))}
        >
          {P.PAYOUT_CHANGE_ACCOUNT}
        </Button>
      ) : null}
    </section>
  );
}
