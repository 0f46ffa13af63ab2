import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import List from 'antd-mobile/es/components/list';
import Tag from 'antd-mobile/es/components/tag';
import { BankcardOutline } from 'antd-mobile-icons';
import * as T from '@app/contract/messages/payout-account.ts';
import { ORDER_DETAIL_BACK_TO_LIST, ORDER_DETAIL_NO_ORDER, ORDER_LIST_LOGIN_PROMPT } from '@app/contract/messages/order-pages.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { useOrderDetail, type OrderDetail } from '../../../shared/orders/order-detail.ts';
import { NoOrder } from '../../../shared/orders/no-order.tsx';
import { useOrderId } from '../../../shared/orders/use-order-id.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { StepPage } from '../../../shared/ui/step-page.tsx';
import { useBindCardList, type BankCard } from '../api/bind-card-list.ts';
import { useChangePayoutAccount } from '../api/change-payout-account.ts';
import './bank.css';

const labelOf = (card: BankCard) => `${card.bankName} ${card.accountMasked}`;

/**
 * /pages/order/account?orderId= — after an order's payout failed: why, in words, and the
 * borrower's own cards to choose the order's receiving account from (the one it failed to
 * marked), or 新增銀行帳戶 through the usual card form, which comes back here. A choice is
 * confirmed first, the confirmation showing the contract's addendum it makes (decision 0174);
 * then the order detail shows the account it has now.
 */
export default function OrderAccountPage() {
  const orderId = useOrderId();
  return (
    <StepPage title={T.PAYOUT_ACCOUNT_PAGE_TITLE}>
      <LoginGate returnTo={ROUTES.orders} prompt={ORDER_LIST_LOGIN_PROMPT}>
        {orderId ? (
          <OrderAccount orderId={orderId} />
        ) : (
          <NoOrder title={ORDER_DETAIL_NO_ORDER} backLabel={ORDER_DETAIL_BACK_TO_LIST} backTo={ROUTES.orders} />
        )}
      </LoginGate>
    </StepPage>
  );
}

function OrderAccount({ orderId }: { orderId: string }) {
  const detail = useOrderDetail(orderId);
  return <QueryState query={detail}>{(order) => <AccountChoice order={order} />}</QueryState>;
}

function AccountChoice({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const cards = useBindCardList(true);
  const change = useChangePayoutAccount(order.id);
  const failure = order.payoutFailure;
  const backToOrder = () => void navigate(routeWithQuery(ROUTES.orderDetail, { orderId: order.id }), { replace: true });
  if (!failure?.canChangeAccount) {
    return (
      <section className="payout-account-closed" data-testid="payout-account-closed">
        <p>{T.PAYOUT_ACCOUNT_NOT_CHANGEABLE}</p>
        <Button block shape="rounded" onClick={backToOrder}>
          {T.PAYOUT_ACCOUNT_BACK_TO_ORDER}
        </Button>
      </section>
    );
  }

  async function choose(card: BankCard): Promise<void> {
    const confirmed = await Dialog.confirm({
      title: T.PAYOUT_ACCOUNT_CONFIRM_TITLE,
      // The addendum the borrower confirms is the one the server keeps with the change (decision 0174).
      content: (
        <>
          <p>{T.payoutAccountConfirmText(labelOf(card))}</p>
          <p className="payout-account-addendum-lead">{T.PAYOUT_ACCOUNT_CONFIRM_ADDENDUM}</p>
          <p className="payout-account-addendum" data-testid="payout-account-addendum">
            {T.payoutAccountAddendumText({ from: order.bankAccount, to: labelOf(card) })}
          </p>
        </>
      ),
      confirmText: T.PAYOUT_ACCOUNT_CONFIRM_OK,
      cancelText: T.PAYOUT_ACCOUNT_CONFIRM_KEEP,
    });
    if (!confirmed) return;
    // A refusal (retried meanwhile) is shown by the request layer.
    await change.mutateAsync(card.id).then(
      () => {
        toastSuccess(T.PAYOUT_ACCOUNT_CHANGED);
        backToOrder();
      },
      () => undefined,
    );
  }

  return (
    <>
      <section className="payout-failure" data-testid="payout-failure">
        <p className="payout-failure-title">{T.PAYOUT_FAILED_TITLE}</p>
        <p>{failure.reason}</p>
      </section>
      <p className="payout-account-intro">{T.PAYOUT_ACCOUNT_PAGE_INTRO}</p>
      <QueryState query={cards}>
        {(list) => {
          const others = list.filter((card) => labelOf(card) !== order.bankAccount);
          return (
            <>
              <List mode="card" className="card-list" data-testid="payout-account-cards">
                {list.map((card) => {
                  const current = labelOf(card) === order.bankAccount;
                  return (
                    <List.Item
                      key={card.id}
                      prefix={<BankcardOutline className="card-icon" />}
                      description={[card.branchName, card.holderName].filter(Boolean).join('・')}
                      extra={
                        current ? (
                          <Tag color="danger" fill="outline">
                            {T.PAYOUT_ACCOUNT_CURRENT}
                          </Tag>
                        ) : (
                          <Button size="mini" color="primary" shape="rounded" disabled={change.isPending} onClick={() => void choose(card)}>
                            {T.PAYOUT_ACCOUNT_CHOOSE}
                          </Button>
                        )
                      }
                      data-testid="bank-card"
                    >
                      <span className="card-bank">{card.bankName}</span> <span className="card-account">{card.accountMasked}</span>
                    </List.Item>
                  );
                })}
              </List>
              {others.length === 0 ? <p className="payout-account-intro">{T.PAYOUT_ACCOUNT_NONE_OTHER}</p> : null}
            </>
          );
        }}
      </QueryState>
      <div className="step-page-actions">
        <Button
          block
          color="primary"
          fill={failure.accountProblem ? 'solid' : 'outline'}
          shape="rounded"
          data-testid="payout-account-add"
          onClick={() => void navigate(routeWithQuery(ROUTES.addBank, { orderId: order.id }))}
        >
          {T.PAYOUT_ACCOUNT_ADD}
        </Button>
      </div>
    </>
  );
}
