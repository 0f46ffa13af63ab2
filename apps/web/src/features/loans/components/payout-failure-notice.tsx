import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import {
  HOME_PAYOUT_ASK_ACCOUNT,
  HOME_PAYOUT_CHANGE_ACCOUNT,
  HOME_PAYOUT_FAILED_TITLE,
  HOME_PAYOUT_RETRY_TITLE,
  HOME_PAYOUT_WILL_RETRY,
  homePayoutFailedAccount,
  homePayoutRetryText,
} from '@app/contract/messages/payout-account.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import type { LoanIndex } from '../api/loan-index.ts';
import './payout-failure-notice.css';

type PayoutFailure = NonNullable<NonNullable<LoanIndex['openOrder']>['payoutFailure']>;

/**
 * The open order's payout failed (decision 0173): said first on the home, in words — the
 * account it failed to, the bank's reason, what happens next — with 更換收款帳戶 to the order's
 * account page; once another account is given, that the payout is under way again to it.
 */
export default function PayoutFailureNotice({ orderId, failure }: { orderId: string; failure: PayoutFailure }) {
  const navigate = useNavigate();
  if (failure.changedTo) {
    return (
      <section className="home-payout home-payout-retrying" data-testid="home-payout-failure" aria-live="polite">
        <p className="home-payout-title">{HOME_PAYOUT_RETRY_TITLE}</p>
        <p>{homePayoutRetryText(failure.changedTo)}</p>
      </section>
    );
  }
  return (
    <section className="home-payout" data-testid="home-payout-failure" aria-live="polite">
      <p className="home-payout-title">{HOME_PAYOUT_FAILED_TITLE}</p>
      <p className="home-payout-account">{homePayoutFailedAccount(failure.failedAccount)}</p>
      <p>{failure.reason}</p>
      <p className="home-payout-next">{failure.accountProblem ? HOME_PAYOUT_ASK_ACCOUNT : HOME_PAYOUT_WILL_RETRY}</p>
      {failure.canChangeAccount ? (
        <Button
          block
          shape="rounded"
          color={failure.accountProblem ? 'danger' : 'default'}
          onClick={() => void navigate(routeWithQuery(ROUTES.orderAccount, { orderId }))}
        >
          {HOME_PAYOUT_CHANGE_ACCOUNT}
        </Button>
      ) : null}
    </section>
  );
}
