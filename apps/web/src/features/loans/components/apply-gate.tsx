import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import { HOME_CONTINUE_SIGNING, HOME_VIEW_ORDER, coolDownNotice } from '@app/contract/messages/loan-home.ts';
import { APPLY_PENDING_ORDER, SIGN_BACK_HOME } from '@app/contract/messages/loan-pages.ts';
import { ONBOARDING_STEP_PAGES } from '../../../shared/config/onboarding-step-pages.ts';
import { ROUTES, loginPathFor } from '../../../shared/config/route-paths.ts';
import { rememberApplication } from '../../../shared/store/application-to-resume.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import { askedThisVisit, useLoanCheck, type LoanCheck } from '../api/loan-check.ts';
import { formatDate } from '../../../shared/utils/format.ts';
import { loanCheckTarget } from '../utils/loan-check-target.ts';

/**
 * The application (`children`) only once loan/check says so; otherwise where it says to
 * go: the onboarding step (replacing applyFor in the history), the open order, or the
 * cool-down with its date.
 */
export function ApplyGate({ children }: { children: ReactNode }) {
  const check = useLoanCheck();
  // An answer cached from an earlier visit may be out of date (a step saved since): only this visit's decides.
  const fresh = check.isFetchedAfterMount || askedThisVisit(check.dataUpdatedAt) ? check.data : undefined;
  return (
    <QueryState query={{ ...check, data: fresh }}>{(answer) => <ApplyGateAnswer check={answer}>{children}</ApplyGateAnswer>}</QueryState>
  );
}

function ApplyGateAnswer({ check, children }: { check: LoanCheck; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  switch (check.next) {
    case 'apply':
      return <>{children}</>;
    case 'login':
      return <Navigate to={loginPathFor(ROUTES.applyFor)} replace />;
    case 'order': {
      const target = loanCheckTarget(check, { productIds: [] });
      const signing = check.orderState === '待簽約';
      const go = () => {
        if (target.kind === 'go') void navigate(target.to);
      };
      return (
        <EmptyState title={APPLY_PENDING_ORDER}>
          <Button color="primary" shape="rounded" onClick={go}>
            {signing ? HOME_CONTINUE_SIGNING : HOME_VIEW_ORDER}
          </Button>
        </EmptyState>
      );
    }
    case 'coolDown':
      return (
        <EmptyState title={coolDownNotice(formatDate(check.coolDownUntil ?? ''))}>
          <Button color="primary" shape="rounded" onClick={() => navigate(ROUTES.loans)}>
            {SIGN_BACK_HOME}
          </Button>
        </EmptyState>
      );
    default:
      // The steps lead back here (the product chosen) once all are done.
      rememberApplication(`${pathname}${search}`);
      return <Navigate to={ONBOARDING_STEP_PAGES[check.next].path} replace />;
  }
}
