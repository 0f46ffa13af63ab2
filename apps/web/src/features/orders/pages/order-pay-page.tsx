import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { TITLE_ORDER_PAY } from '@app/contract/messages/app-shell.ts';
import * as T from '@app/contract/messages/order-pages.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { TabList, tabIdOf } from '../../../shared/ui/tab-list.tsx';
import { type OrderDetail, type OrderPayment } from '../../../shared/orders/order-detail.ts';
import { useRefreshPayChoices, useRepayOptions } from '../api/repayments.ts';
import { ExtensionPanel } from '../components/extension-panel.tsx';
import { IssuedPayment } from '../components/issued-payment.tsx';
import { RepayPanel } from '../components/repay-panel.tsx';
import { OrderPage, OrderSummary } from '../components/order-page.tsx';
import './orders.css';

type Mode = 'repay' | 'extend';

const PAY_MODES: ReadonlyArray<{ key: Mode; title: string }> = [
  { key: 'repay', title: T.ORDER_PAY_MODE_REPAY },
  { key: 'extend', title: T.ORDER_PAY_MODE_EXTEND },
];
const PAY_PANEL_ID = 'order-pay-panel';

/**
 * /pages/order/pay?orderId=[&mode=extend] — what to pay and how: the amount choices,
 * channels with limits and fees, the issued store code or virtual account with copy
 * buttons and a countdown; the extension trial and its confirmation; the manual
 * transfer with its receipt photo. The order is read again while a code waits, so a
 * payment shows as soon as the gateway's notification lands.
 */
export default function OrderPayPage() {
  return (
    <OrderPage className="order-pay-page" title={TITLE_ORDER_PAY}>
      {(order) => <OrderPayView order={order} />}
    </OrderPage>
  );
}

/** What changes when money lands or an extension applies: the pay choices are read again when it does. */
function orderVersion(order: OrderDetail): string {
  const payments = order.payments.map((payment) => `${payment.id}:${payment.state}`).join(',');
  return [order.state, order.outstanding, order.nextDueDate, order.extensionsUsed, payments].join('|');
}

function isOpen(payment: OrderPayment): boolean {
  return payment.state === 'pending' && payment.expiresAt !== null && Date.parse(payment.expiresAt) > Date.now();
}

function OrderPayView({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [issued, setIssued] = useState<OrderPayment>();
  const issuedRef = useRef<HTMLDivElement>(null);
  const canPay = order.actions.repay || order.actions.extend;
  const mode: Mode = params.get('mode') === 'extend' && order.actions.extend ? 'extend' : 'repay';

  // The issued payment as the order now shows it (paid once the notification landed).
  const current = issued ? (order.payments.find((payment) => payment.id === issued.id) ?? issued) : undefined;
  const others = order.payments.filter((payment) => payment.id !== current?.id && isOpen(payment));

  useEffect(() => {
    if (issued) issuedRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [issued]);

  // The server's answer is the source: when the order moved, the choices, the payoff and the trial follow it.
  const refreshChoices = useRefreshPayChoices(order.id);
  const version = orderVersion(order);
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    refreshChoices();
  }, [version, refreshChoices]);

  return (
    <>
      <OrderSummary order={order} compact />

      <div ref={issuedRef}>
        {current ? <IssuedPayment payment={current} /> : null}
        {others.length > 0 ? (
          <section className="order-section">
            <h2 className="order-section-title">{T.ISSUED_OPEN_TITLE}</h2>
            {others.map((payment) => (
              <IssuedPayment key={payment.id} payment={payment} />
            ))}
          </section>
        ) : null}
      </div>

      {canPay ? (
        <section className="order-section order-pay-section">
          {order.actions.extend ? (
            <TabList
              className="order-pay-modes"
              tabs={PAY_MODES}
              active={mode}
              controls={PAY_PANEL_ID}
              onChange={(key) => {
                const next = new URLSearchParams(params);
                if (key === 'extend') next.set('mode', 'extend');
                else next.delete('mode');
                setParams(next, { replace: true });
              }}
            />
          ) : null}
          {order.actions.extend ? (
            <div
              role="tabpanel"
              id={PAY_PANEL_ID}
              aria-labelledby={tabIdOf(
                PAY_PANEL_ID,
                PAY_MODES.findIndex((m) => m.key === mode),
              )}
            >
              <PayOptions order={order} mode={mode} onIssued={setIssued} />
            </div>
          ) : (
            <PayOptions order={order} mode={mode} onIssued={setIssued} />
          )}
        </section>
      ) : current ? (
        <Button block shape="rounded" size="large" onClick={() => navigate(routeWithQuery(ROUTES.orderDetail, { orderId: order.id }))}>
          {T.ORDER_ACTION_DETAIL}
        </Button>
      ) : (
        <EmptyState title={T.ORDER_PAY_NOT_REPAYABLE}>
          <Button color="primary" shape="rounded" onClick={() => navigate(routeWithQuery(ROUTES.orderDetail, { orderId: order.id }))}>
            {T.ORDER_ACTION_DETAIL}
          </Button>
        </EmptyState>
      )}
    </>
  );
}

function PayOptions({ order, mode, onIssued }: { order: OrderDetail; mode: Mode; onIssued: (payment: OrderPayment) => void }) {
  const options = useRepayOptions(order.id);
  return (
    <QueryState query={options}>
      {(answer) =>
        mode === 'extend' ? (
          <ExtensionPanel orderId={order.id} channels={answer.channels} onIssued={onIssued} />
        ) : (
          <RepayPanel orderId={order.id} disbursedOn={order.disbursedOn} options={answer} onIssued={onIssued} />
        )
      }
    </QueryState>
  );
}
