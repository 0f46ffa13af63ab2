import type { ReactNode } from 'react';
import * as T from '@app/contract/messages/order-pages.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { useOrderDetail, type OrderDetail } from '../../../shared/orders/order-detail.ts';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import { formatDate, formatMoney } from '../../../shared/utils/format.ts';
import { NoOrder } from '../../../shared/orders/no-order.tsx';
import { StateTag } from './state-tag.tsx';

function OrderBody({ children }: { children: (order: OrderDetail) => ReactNode }) {
  const orderId = useOrderId();
  const detail = useOrderDetail(orderId, { watchPayments: true });
  if (!orderId) return <NoOrder title={T.ORDER_DETAIL_NO_ORDER} backLabel={T.ORDER_DETAIL_BACK_TO_LIST} backTo={ROUTES.orders} />;
  return <QueryState query={detail}>{children}</QueryState>;
}

/**
 * A page about one order (`?orderId=`): its title, the login gate, and the order read
 * (again while a payment waits, so a payment shows as soon as its notification lands);
 * no order id, loading and failure are shown here, the order itself by `children`.
 */
export function OrderPage({
  className,
  title,
  children,
}: {
  className: string;
  title: string;
  children: (order: OrderDetail) => ReactNode;
}) {
  return (
    <div className={`page ${className}`}>
      <NavBar title={title} />
      <main className="page-body">
        <LoginGate returnTo={ROUTES.orders} prompt={T.ORDER_LIST_LOGIN_PROMPT}>
          <OrderBody>{children}</OrderBody>
        </LoginGate>
      </main>
    </div>
  );
}

/** The order's head: number, state, the amount that matters now and the next due date. */
export function OrderSummary({ order, compact = false, children }: { order: OrderDetail; compact?: boolean; children?: ReactNode }) {
  const repaying = order.state === '待還款' || order.state === '已逾期';
  const classes = [
    'order-summary',
    compact ? 'order-summary-compact' : '',
    order.state === '已逾期' ? 'order-summary-danger' : 'order-summary-normal',
  ];
  return (
    <section className={classes.filter(Boolean).join(' ')} data-testid="order-summary">
      <div className="order-summary-head">
        <span className="order-summary-no">
          {T.ORDER_CARD_ORDER_NO} {order.orderNo}
        </span>
        <StateTag state={order.state} />
      </div>
      <p className="order-summary-label">{repaying || compact ? T.ORDER_DETAIL_OUTSTANDING : T.ORDER_DETAIL_PRINCIPAL}</p>
      <p className="order-summary-amount" data-testid="order-outstanding">
        {formatMoney(repaying || compact ? order.outstanding : order.principal)}
      </p>
      {order.nextDueDate ? (
        <p className="order-summary-due">
          {T.ORDER_DETAIL_NEXT_DUE} <strong data-testid="order-due-date">{formatDate(order.nextDueDate)}</strong>
          {compact ? null : ` · ${T.ORDER_CARD_DUE_AMOUNT} ${formatMoney(order.nextDueAmount)}`}
        </p>
      ) : null}
      {children}
    </section>
  );
}
