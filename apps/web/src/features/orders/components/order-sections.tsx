import List from 'antd-mobile/es/components/list';
import Steps from 'antd-mobile/es/components/steps';
import * as T from '@app/contract/messages/order-pages.ts';
import type { OrderDetail, OrderPayment } from '../../../shared/orders/order-detail.ts';
import { formatDate, formatLabelledMoney, formatMoney, formatPercent, formatTime } from '../../../shared/utils/format.ts';
import { PartList } from '../../../shared/ui/part-list.tsx';

/** The loan's terms as agreed. */
export function OrderTerms({ order }: { order: OrderDetail }) {
  return (
    <section className="order-section" aria-labelledby="order-terms">
      <h2 className="order-section-title" id="order-terms">
        {T.ORDER_DETAIL_TERMS}
      </h2>
      <List className="order-facts">
        <List.Item extra={order.productName}>{T.ORDER_DETAIL_PRODUCT}</List.Item>
        <List.Item extra={formatMoney(order.principal)}>{T.ORDER_DETAIL_PRINCIPAL}</List.Item>
        <List.Item extra={T.termText(order.term, order.termUnit)}>{T.ORDER_DETAIL_TERM}</List.Item>
        <List.Item extra={order.method === 'singleRepayment' ? T.ORDER_DETAIL_METHOD_SINGLE : T.ORDER_DETAIL_METHOD_INSTALMENTS}>
          {T.ORDER_DETAIL_METHOD}
        </List.Item>
        <List.Item extra={formatPercent(order.annualRatePercent)}>{T.ORDER_DETAIL_RATE}</List.Item>
        <List.Item extra={formatMoney(order.interest)}>{T.ORDER_DETAIL_INTEREST}</List.Item>
        {order.fees.map((fee) => (
          <List.Item key={fee.code} extra={formatMoney(fee.amount)}>
            {fee.name}
          </List.Item>
        ))}
        <List.Item extra={<strong>{formatMoney(order.totalRepayment)}</strong>}>{T.ORDER_DETAIL_TOTAL}</List.Item>
        <List.Item extra={formatPercent(order.aprPercent)} description={T.ORDER_DETAIL_APR_NOTE}>
          {T.ORDER_DETAIL_APR}
        </List.Item>
        <List.Item extra={order.bankAccount}>{T.ORDER_DETAIL_ACCOUNT}</List.Item>
        <List.Item extra={order.purpose}>{T.ORDER_DETAIL_PURPOSE}</List.Item>
        {order.disbursedOn ? <List.Item extra={formatDate(order.disbursedOn)}>{T.ORDER_DETAIL_DISBURSED_ON}</List.Item> : null}
        {order.method === 'singleRepayment' && order.disbursedOn ? (
          <List.Item extra={T.extensionsText(order.extensionsUsed)}>{T.ORDER_DETAIL_EXTENSIONS}</List.Item>
        ) : null}
      </List>
    </section>
  );
}

/** The repayment schedule, each instalment paid or not. */
export function OrderSchedule({ order }: { order: OrderDetail }) {
  return (
    <section className="order-section" aria-labelledby="order-schedule">
      <h2 className="order-section-title" id="order-schedule">
        {T.ORDER_DETAIL_SCHEDULE}
      </h2>
      {order.instalments.length === 0 ? (
        <p className="order-section-empty">{T.ORDER_DETAIL_SCHEDULE_EMPTY}</p>
      ) : (
        <ul className="order-instalments" data-testid="order-instalments">
          {order.instalments.map((item) => {
            const parts: Array<string | null> = [
              formatLabelledMoney(T.ORDER_INSTALMENT_PRINCIPAL, item.principal),
              formatLabelledMoney(T.ORDER_INSTALMENT_INTEREST, item.interest),
              item.fee > 0 ? formatLabelledMoney(T.ORDER_INSTALMENT_FEE, item.fee) : null,
              item.overdueInterest > 0 ? formatLabelledMoney(T.ORDER_INSTALMENT_OVERDUE, item.overdueInterest) : null,
            ];
            return (
              <li
                key={item.number}
                className={`order-instalment order-instalment-state-row-${item.state}`}
                data-testid="order-instalment"
                data-state={item.state}
              >
                <div className="order-instalment-head">
                  <span className="order-instalment-title">{T.instalmentTitle(item.number, formatDate(item.dueDate))}</span>
                  <span className={`order-instalment-state order-instalment-state-${item.state}`}>
                    {T.ORDER_INSTALMENT_STATES[item.state]}
                  </span>
                </div>
                <div className="order-instalment-amounts">
                  <span className="order-instalment-total">{formatMoney(item.total)}</span>
                  {item.paid > 0 && item.state !== 'paid' ? (
                    <span className="order-instalment-paid-amount">{formatLabelledMoney(T.ORDER_INSTALMENT_PAID, item.paid)}</span>
                  ) : null}
                </div>
                <p className="order-instalment-parts">
                  <PartList parts={parts} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function paymentLine(payment: OrderPayment): string {
  return `${T.PAYMENT_KIND_TEXTS[payment.kind]} · ${T.PAYMENT_CHANNEL_TEXTS[payment.channel]}`;
}

/** Payment requests and reported transfers, newest first (a transfer waits as 待確認). */
export function OrderPayments({ payments }: { payments: readonly OrderPayment[] }) {
  return (
    <section className="order-section" aria-labelledby="order-payments">
      <h2 className="order-section-title" id="order-payments">
        {T.ORDER_DETAIL_PAYMENTS}
      </h2>
      {payments.length === 0 ? (
        <p className="order-section-empty">{T.ORDER_DETAIL_PAYMENTS_EMPTY}</p>
      ) : (
        <List className="order-payments" data-testid="order-payments">
          {payments.map((payment) => (
            <List.Item
              key={payment.id}
              data-testid="order-payment"
              data-payment-id={payment.id}
              description={formatTime(payment.paidAt ?? payment.createdAt)}
              extra={
                <span className="order-payment-extra">
                  <span className="order-payment-amount">{formatMoney(payment.amount)}</span>
                  <span className={`order-payment-state order-payment-state-${payment.state}`} data-testid="order-payment-state">
                    {T.PAYMENT_STATE_TEXTS[payment.state]}
                  </span>
                </span>
              }
            >
              {paymentLine(payment)}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}

/** What happened to the order, oldest first, as a vertical timeline. */
export function OrderEvents({ order }: { order: OrderDetail }) {
  if (order.events.length === 0) return null;
  return (
    <section className="order-section" aria-labelledby="order-events">
      <h2 className="order-section-title" id="order-events">
        {T.ORDER_DETAIL_EVENTS}
      </h2>
      <Steps direction="vertical" current={order.events.length - 1} className="order-events">
        {order.events.map((event, index) => (
          <Steps.Step
            key={`${event.at}-${index}`}
            title={event.text}
            description={`${event.state} · ${formatTime(event.at)}`}
            status="finish"
          />
        ))}
      </Steps>
    </section>
  );
}
