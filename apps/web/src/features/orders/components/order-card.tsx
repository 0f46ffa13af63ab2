import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import * as T from '@app/contract/messages/order-pages.ts';
import type { OrderSummary } from '../api/order-record.ts';
import { formatDate, formatMoney, formatTimeDate } from '../../../shared/utils/format.ts';
import { detailRoute, mainActionOf } from './order-actions.ts';
import { StateTag } from './state-tag.tsx';

/** One order in the list: amount, due date, state and its main action; the card opens the detail. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const navigate = useNavigate();
  const action = mainActionOf(order.state, order.id);
  const repaying = order.state === '待還款' || order.state === '已逾期';
  return (
    <Card
      className="order-card"
      data-testid="order-card"
      data-order-id={order.id}
      title={<span className="order-card-product">{order.productName}</span>}
      extra={<StateTag state={order.state} />}
      onClick={() => void navigate(detailRoute(order.id))}
    >
      <div className="order-card-body">
        <div className="order-card-main">
          <span className="order-card-label">{repaying ? T.ORDER_CARD_DUE_AMOUNT : T.ORDER_CARD_PRINCIPAL}</span>
          <span className={`order-card-amount${order.state === '已逾期' ? ' order-card-amount-danger' : ''}`}>
            {formatMoney(repaying ? order.nextDueAmount : order.principal)}
          </span>
        </div>
        <dl className="order-card-facts">
          {repaying ? (
            <>
              <dt>{T.ORDER_CARD_DUE_DATE}</dt>
              <dd data-testid="order-card-due">{order.nextDueDate ? formatDate(order.nextDueDate) : '—'}</dd>
              <dt>{T.ORDER_CARD_PRINCIPAL}</dt>
              <dd>
                {formatMoney(order.principal)} · {T.termText(order.term, order.termUnit)}
              </dd>
            </>
          ) : (
            <>
              <dt>{T.ORDER_CARD_APPLIED_ON}</dt>
              <dd>{formatTimeDate(order.createdAt)}</dd>
              <dt>{T.ORDER_CARD_DUE_DATE}</dt>
              <dd>{order.nextDueDate ? formatDate(order.nextDueDate) : '—'}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="order-card-footer">
        <span className="order-card-no">
          {T.ORDER_CARD_ORDER_NO} {order.orderNo}
        </span>
        <div className="order-card-buttons">
          <Button
            size="small"
            shape="rounded"
            onClick={(event) => {
              event.stopPropagation();
              void navigate(detailRoute(order.id));
            }}
          >
            {T.ORDER_ACTION_DETAIL}
          </Button>
          {action ? (
            <Button
              size="small"
              shape="rounded"
              color={order.state === '已逾期' ? 'danger' : 'primary'}
              onClick={(event) => {
                event.stopPropagation();
                void navigate(action.to);
              }}
            >
              {action.kind === 'sign' ? T.ORDER_ACTION_SIGN : T.ORDER_ACTION_REPAY}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
